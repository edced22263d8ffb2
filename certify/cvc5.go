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

// cvc5Retry are the options cvc5's second attempt adds, at the
// obligations its first (in processes of whole groups, with E-matching)
// did not prove: enumerative instantiation alone. E-matching loses itself
// in the event instantiations of some event-explicit obligations
// (peterson_2's, iriw_s's; arbiter_v3_N tso's node_84986 of t_proc_L9_L1:
// no answer in 300 s with E-matching, unsat in 5 CPU-s without); it is
// faster on others (sense_barrier's), hence a third attempt with
// E-matching again.
var cvc5Retry = []string{"--no-e-matching"}

// CVC5 re-checks a certificate with the cvc5 binary bin, within rlimit
// of its resource units per obligation: CVC5With, one process at a time.
func CVC5(ctx context.Context, bin, dir, script string, rlimit int) ([]Outcome, error) {
	return CVC5With(ctx, bin, dir, script, CVC5Options{Rlimit: rlimit})
}

// CVC5Options are the limit of CVC5With and how many processes it runs.
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
}

// CVC5With re-checks a certificate with the cvc5 binary bin, within
// opts.Rlimit of its resource units per obligation (--rlimit-per) in
// each of three attempts: the obligations in processes of whole groups
// (cvc5Parts: opts.Jobs at least, and about cvc5Chunk obligations each
// at most); then those it neither proves nor refutes each alone without
// E-matching (cvc5Retry); then those still open each alone with
// E-matching again. Only unsat proves an obligation, whichever attempt
// answers it; sat is final. A certificate of the refined pso search (it
// states which write a read reads: rf.L) swaps the options: without
// E-matching first, with it second, without it last. E-matching stalls
// on its ground init obligations (certify/testdata/corr_readers.cub: 716
// obligations, none answered in 17 CPU minutes with E-matching first,
// all proved in 77 CPU-s without). The scripts go to files in dir. A
// failure to run cvc5 is an error.
func CVC5With(ctx context.Context, bin, dir, script string, opts CVC5Options) ([]Outcome, error) {
	args := append(slices.Clone(cvc5Args), fmt.Sprintf("--rlimit-per=%d", opts.Rlimit))
	usual, other := args, append(slices.Clone(args), cvc5Retry...)
	if statesReadsFrom(script) {
		usual, other = other, usual
	}
	run := func(args []string) func(string) ([]Outcome, error) {
		return func(s string) ([]Outcome, error) { return runCVC5(ctx, bin, dir, s, args) }
	}
	parts := cvc5Parts(script, opts.Jobs)
	outcomes, err := inParallel(len(parts), func(i int) string { return parts[i] }, opts.Jobs, run(usual))
	if err != nil {
		return nil, err
	}
	for _, retry := range [][]string{other, usual} {
		outcomes, err = Retry(script, outcomes, func(rest string) ([]Outcome, error) { return EachAlone(rest, opts.Jobs, run(retry)) })
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

// statesReadsFrom reports whether a certificate declares which write a
// read reads (rf.L, the refined pso search's marks: weak.go).
func statesReadsFrom(script string) bool {
	return strings.Contains(script, "(declare-fun |rf.") || strings.Contains(script, "(declare-fun rf.")
}

// runCVC5 runs cvc5 with args on a script (written to a file of its own
// in dir, removed after).
func runCVC5(ctx context.Context, bin, dir, script string, args []string) ([]Outcome, error) {
	f, err := os.CreateTemp(dir, "cert-*.smt2")
	if err != nil {
		return nil, err
	}
	defer os.Remove(f.Name())
	_, err = f.WriteString(script)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	out, err := exec.CommandContext(ctx, bin, append(args, f.Name())...).CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("cvc5: %v: %s", err, out)
	}
	return Outcomes(script, string(out)), nil
}
