package certify

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
)

// cvc5Args are cvc5's options: incremental (push/pop), and enumerative
// instantiation when E-matching saturates without an answer (the
// event-explicit obligations of weak models need it: without it cvc5
// answers unknown to some).
var cvc5Args = []string{"--incremental", "--lang=smt2", "--enum-inst"}

// cvc5NoEMatching turns E-matching off: cvc5 then instantiates
// quantifiers by enumeration alone (cvc5Args' --enum-inst). On an
// event-explicit certificate (a weak model's) CVC5With runs E-matching
// last, on the obligations enumeration alone did not prove, each alone:
// E-matching loses itself in the event instantiations of some of their
// obligations, where --rlimit-per did not stop it. In session certs15
// the first attempt at arbiter_v3_N tso's group t_proc_L9_L1 (with
// E-matching then) ran 1,543 CPU-s on node_84986 and node_87207 and
// never answered; without E-matching the whole group is unsat in one
// process, 165.8 CPU-s (certs16), and node_84986 alone is unsat in 5
// CPU-s, with no answer in 300 s with E-matching (certs14). The same
// holds for peterson_2's, iriw_s's and the refined pso search's init
// obligations (certify/testdata/corr_readers.cub: 716 obligations, none
// answered in 17 CPU minutes with E-matching first, all proved in 77
// CPU-s without). On the certificates without events, E-matching has
// never stalled and is the faster (session certs16, cmd/cubew's quick
// TestNewSafeCertificates: ricart_agrawala 6.3 CPU-s with E-matching
// first, 31.7 without; german 3.6 and 12.8): they keep it first.
var cvc5NoEMatching = []string{"--no-e-matching"}

// CVC5 re-checks a certificate with the cvc5 binary bin, within rlimit
// of its resource units per obligation: CVC5With, one process at a time.
func CVC5(ctx context.Context, bin, dir, script string, rlimit int) ([]Outcome, error) {
	return CVC5With(ctx, bin, dir, script, CVC5Options{Rlimit: rlimit})
}

// CVC5Options are the limit of CVC5With, how many processes it runs, and
// where it reports what each answered.
type CVC5Options struct {
	// Rlimit bounds cvc5's resource units per obligation (--rlimit-per:
	// deterministic).
	Rlimit int
	// Jobs is how many cvc5 processes run at once: the first attempt
	// splits the obligations into as many scripts of whole groups at
	// least (cvc5Parts), the retries run that many obligations at once;
	// 0 or 1 for one process at a time. Which process proves an obligation
	// changes nothing of what its answer means.
	Jobs int
	// Progress, when set, receives what each cvc5 process answered as
	// soon as it ends, one call at a time: a run stopped halfway keeps
	// the answers of the processes that ended.
	Progress func(CVC5Process)
}

// CVC5With re-checks a certificate with the cvc5 binary bin, within
// opts.Rlimit of its resource units per obligation (--rlimit-per) in
// each of three attempts: the obligations in processes of whole groups
// (cvc5Parts: opts.Jobs at least, and about cvc5Chunk obligations each
// at most); then those it neither proves nor refutes each alone without
// E-matching (cvc5NoEMatching); then those still open each alone with
// E-matching. The first attempt runs without E-matching on an
// event-explicit certificate (eventExplicit), with it on the others.
// Only unsat proves an obligation, whichever attempt answers it; sat is
// final, never retried. The scripts go to files in dir. A failure to
// run cvc5 is an error.
func CVC5With(ctx context.Context, bin, dir, script string, opts CVC5Options) ([]Outcome, error) {
	with := append(slices.Clone(cvc5Args), fmt.Sprintf("--rlimit-per=%d", opts.Rlimit))
	without := append(slices.Clone(with), cvc5NoEMatching...)
	report := serialized(opts.Progress)
	run := func(attempt int, args []string) func(string) ([]Outcome, error) {
		return func(s string) ([]Outcome, error) {
			p, err := runCVC5(ctx, bin, dir, s, args)
			if err == nil && report != nil {
				p.Attempt, p.EMatching = attempt, !slices.Contains(args, cvc5NoEMatching[0])
				report(p)
			}
			return p.Outcomes, err
		}
	}
	first := with
	if eventExplicit(script) {
		first = without
	}
	parts := cvc5Parts(script, opts.Jobs)
	outcomes, err := inParallel(len(parts), func(i int) string { return parts[i] }, opts.Jobs, run(1, first))
	if err != nil {
		return nil, err
	}
	for i, retry := range [][]string{without, with} {
		outcomes, err = Retry(script, outcomes, func(rest string) ([]Outcome, error) { return EachAlone(rest, opts.Jobs, run(i+2, retry)) })
		if err != nil {
			return nil, err
		}
	}
	return outcomes, nil
}

// cvc5Chunk is about how many obligations one cvc5 process of the first
// attempt takes at most (it takes whole groups: a larger group
// gets a process of its own). cvc5's incremental context slows down as
// it goes from group to group: arbiter_v3_N tso's groups t_arb_L1_L2 and
// t_arb_L2_L3 (1,162 obligations each) took 65.8 and 76.8 CPU-s in a
// process each, 179.7 in one process together (+26%); the whole
// certificate in two processes (certs13, cvc5 -j 2) averaged 0.19 CPU-s
// an obligation, a group alone 0.065.
const cvc5Chunk = 1000

// cvc5Parts splits the obligations of script into the scripts of cvc5's
// processes: at least jobs (chunks), and more when there are more than
// cvc5Chunk obligations a process.
func cvc5Parts(script string, jobs int) []string {
	n := (len(Obligations(script)) + cvc5Chunk - 1) / cvc5Chunk
	return chunks(script, max(jobs, n))
}

// eventExplicit reports whether a certificate is stated over events (a
// weak model's: it declares the sort Ev, weak.go).
func eventExplicit(script string) bool {
	const events = "(declare-sort Ev 0)\n"
	return strings.HasPrefix(script, events) || strings.Contains(script, "\n"+events)
}

// cvc5Argv is args followed by the script's file, in a slice of its
// own: processes run at once share args, and appending to it in place
// (it has room to spare: CVC5With builds it by appends) let two of them
// write their file names into one array, so that both ran one part's
// file (seen in session 16: chandy_misra tso, -j 2) and the other part's
// obligations had no answer in that attempt.
func cvc5Argv(args []string, file string) []string {
	return append(slices.Clip(args), file)
}

// runCVC5 runs cvc5 with args on a script (written to a file of its own
// in dir, removed after): its answers and the CPU time it took.
func runCVC5(ctx context.Context, bin, dir, script string, args []string) (CVC5Process, error) {
	f, err := os.CreateTemp(dir, "cert-*.smt2")
	if err != nil {
		return CVC5Process{}, err
	}
	defer os.Remove(f.Name())
	_, err = f.WriteString(script)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return CVC5Process{}, err
	}
	cmd := exec.CommandContext(ctx, bin, cvc5Argv(args, f.Name())...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return CVC5Process{}, fmt.Errorf("cvc5: %v: %s", err, out)
	}
	return CVC5Process{
		Outcomes: Outcomes(script, string(out)),
		CPU:      cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(),
	}, nil
}
