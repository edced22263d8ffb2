package certify

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cubew/cubew/smt/z3"
)

// Outcome is a prover's answer to one obligation: "unsat" when it holds,
// "sat" or "unknown" (or the prover's error) when it fails.
type Outcome struct {
	Obligation string
	Answer     string
}

// Holds reports whether the obligation was proved.
func (o Outcome) Holds() bool { return o.Answer == "unsat" }

// Obligations returns the names of the obligations of a certificate, in
// order, as its (echo "obligation NAME") commands announce them.
func Obligations(script string) []string {
	var out []string
	for _, line := range strings.Split(script, "\n") {
		if rest, ok := strings.CutPrefix(line, `(echo "obligation `); ok {
			out = append(out, strings.TrimSuffix(rest, `")`))
		}
	}
	return out
}

// Outcomes pairs the obligations of a certificate with a prover's output
// on it: the echoed name, then the answer. An obligation whose answer is
// missing or not sat/unsat/unknown gets the line the prover printed
// instead (an error), or "no answer". Z3 prints echoed strings bare and
// cvc5 quoted; both are read.
func Outcomes(script, output string) []Outcome {
	names := Obligations(script)
	out := make([]Outcome, len(names))
	index := map[string]int{}
	for i, n := range names {
		out[i] = Outcome{Obligation: n, Answer: "no answer"}
		index[n] = i
	}
	current := -1
	for _, line := range strings.Split(output, "\n") {
		line = strings.Trim(strings.TrimSpace(line), `"`)
		if rest, ok := strings.CutPrefix(line, "obligation "); ok {
			if i, ok := index[rest]; ok {
				current = i
			}
			continue
		}
		if current < 0 || line == "" {
			continue
		}
		if out[current].Answer == "no answer" {
			out[current].Answer = line
		}
	}
	return out
}

// Only returns the script with the obligations that keep does not select
// left out: their (push 1) … (pop 1) blocks are dropped, and so is a
// group's block (its facts) once no obligation is left in it; the rest
// (the declarations, the facts of the groups kept) is kept. A block
// without a check-sat left changes nothing of the others' answers: what
// it declares and asserts is popped with it.
func Only(script string, keep func(obligation string) bool) string {
	lines := strings.Split(script, "\n")
	out := make([]string, 0, len(lines))
	for i := 0; i < len(lines); i++ {
		if lines[i] == "(push 1)" && i+1 < len(lines) {
			if rest, ok := strings.CutPrefix(lines[i+1], `(echo "obligation `); ok && !keep(strings.TrimSuffix(rest, `")`)) {
				i = blockEnd(lines, i)
				continue
			}
		}
		out = append(out, lines[i])
	}
	return strings.Join(withoutEmptyBlocks(out), "\n")
}

// withoutEmptyBlocks drops the (push 1) … (pop 1) blocks of lines that
// have no obligation left in them.
func withoutEmptyBlocks(lines []string) []string {
	out := lines[:0:0]
	for i := 0; i < len(lines); i++ {
		if lines[i] == "(push 1)" {
			end := blockEnd(lines, i)
			if !slices.ContainsFunc(lines[i:end+1], func(l string) bool { return strings.HasPrefix(l, `(echo "obligation `) }) {
				i = end
				continue
			}
		}
		out = append(out, lines[i])
	}
	return out
}

// blockEnd returns the index of the (pop 1) that closes the (push 1) at
// lines[start] (the last line when none does).
func blockEnd(lines []string, start int) int {
	depth := 0
	for i := start; i < len(lines); i++ {
		switch lines[i] {
		case "(push 1)":
			depth++
		case "(pop 1)":
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return len(lines) - 1
}

// z3Retry is the option of Z3's second attempt at the obligations its
// first answered unknown to: no E-matching, so that quantifiers are
// instantiated from models only (MBQI). E-matching is the faster of the
// two on most obligations, but loses itself in the many event
// instantiations of some event-explicit ones, which MBQI proves at once.
const z3Retry = "(set-option :smt.ematching false)\n"

// z3Defaults gives back their default values to the Z3 options that
// the checks of certificates set (z3Retry, the rlimit, and the bound on
// quantifier instances that difftest adds): Z3 keeps an option set in
// one context for every later context of the process (module parameters
// are global), so that a retry's smt.ematching false would otherwise
// reach the next certificate's first attempt and reach's own solver.
const z3Defaults = "(set-option :smt.ematching true)\n(set-option :smt.qi.max_instances 4294967295)\n(set-option :rlimit 0)\n"

// Z3 re-checks a certificate with the Z3 linked into cubew, within
// rlimit resource units per obligation (0: no limit): Z3With without
// progress reports.
func Z3(ctx context.Context, script string, rlimit int) ([]Outcome, error) {
	return Z3With(ctx, script, Z3Options{Rlimit: rlimit})
}

// Z3Options are the limit of Z3With and its progress reports.
type Z3Options struct {
	// Rlimit bounds the resource units of each context (Z3's rlimit,
	// deterministic), hence of each obligation: the first attempt's
	// contexts go on in a fresh one once spent (continuing); 0 for none.
	Rlimit int
	// Progress, when set, receives every answer of every attempt as soon
	// as its context ends (a group's obligations together in the first
	// attempt, one obligation in the second), one call at a time.
	Progress func(Step)
	// Jobs is how many parts (the groups of the first attempt, the
	// obligations of the others) are prepared at once, each in a thread
	// of its own; 0 or 1 for one at a time. Z3 evaluates them one at a
	// time all the same (smt/z3's EvalSMTLIB2: its SMT-LIB front end is
	// not safe for concurrent use), so Jobs gains little with Z3. The
	// answers do not depend on it: the obligations are independent, and
	// each context's rlimit is its own.
	Jobs int
}

// Step is one answer of one attempt of Z3With, as Progress receives it.
type Step struct {
	Outcome
	Attempt int   // 1: with its group, 2: alone, 3: alone without E-matching
	Work    int64 // Z3's resource units spent on it (its rlimit-count)
	// Context is the wall time of the context it was answered in: its
	// group's in the first attempt, its own in the others.
	Context time.Duration
}

// Z3With re-checks a certificate with the Z3 linked into cubew: each
// group of obligations (init, each transition, unsafe) in a context of
// its own; the obligations Z3 neither proves nor refutes get a second
// attempt each in a context of its own (EachAlone), and those still
// open a third, each alone too, without E-matching (z3Retry). An
// SMT-LIB error before an answer (bad input, not a failed obligation)
// is returned as an error, and so is ctx's once it is done.
func Z3With(ctx context.Context, script string, opts Z3Options) ([]Outcome, error) {
	if len(Obligations(script)) == 0 {
		return nil, fmt.Errorf("not a cubew certificate: no obligation")
	}
	if report := opts.Progress; report != nil {
		var mu sync.Mutex
		opts.Progress = func(s Step) {
			mu.Lock()
			defer mu.Unlock()
			report(s)
		}
	}
	attempt := func(n int, zopts string) func(string) ([]Outcome, error) {
		return func(s string) ([]Outcome, error) { return z3Run(ctx, zopts, s, n, opts) }
	}
	first := func(s string) ([]Outcome, error) { return continuing(s, attempt(1, "")) }
	outcomes, err := z3Phase(func() ([]Outcome, error) { return eachGroup(script, opts.Jobs, first) })
	if err != nil {
		return nil, err
	}
	outcomes, err = z3Phase(func() ([]Outcome, error) {
		return Retry(script, outcomes, func(rest string) ([]Outcome, error) { return EachAlone(rest, opts.Jobs, attempt(2, "")) })
	})
	if err != nil {
		return nil, err
	}
	return z3Phase(func() ([]Outcome, error) {
		return Retry(script, outcomes, func(rest string) ([]Outcome, error) { return EachAlone(rest, opts.Jobs, attempt(3, z3Retry)) })
	})
}

// continuing runs the obligations of script with run, in a new context
// again for those after the first obligation left open when a later one
// is open too: Z3's resource limit bounds a whole context, not each
// check-sat, and once a context has spent it every later check-sat of
// the context answers unknown at once. With --rlimit 20000000 the 1,969
// obligations of arbiter_v2_N's pso certificate's transition t_arb_L2_L3
// were all answered unknown after the 571st (20.9 million units spent in
// the context), and each then went to the second attempt alone: 0.84
// CPU-s each there, all of it reading the script's definitions. An
// obligation left open keeps its answer (the second attempt takes it
// alone); the next context starts after it, so each round answers one
// more obligation at least. A new context takes twice as many
// obligations as the spent one answered at most (doubling again when it
// answers all it takes): the rest of a heavy group would otherwise be
// read again for every context, quadratic in its size.
func continuing(script string, run func(script string) ([]Outcome, error)) ([]Outcome, error) {
	got, err := run(script)
	if err != nil {
		return nil, err
	}
	u := spentAt(got)
	if u < 0 {
		return got, nil
	}
	out := got[: u+1 : u+1]
	rest := Obligations(script)[u+1:]
	size := 2 * (u + 1)
	defs := newDefinitions(script)
	for len(rest) > 0 {
		batch := map[string]bool{}
		for _, o := range rest[:min(size, len(rest))] {
			batch[o] = true
		}
		got, err := run(defs.prune(Only(script, func(o string) bool { return batch[o] })))
		if err != nil {
			return nil, err
		}
		if len(got) != len(batch) {
			return nil, fmt.Errorf("a part of %d obligations got %d answers", len(batch), len(got))
		}
		if u = spentAt(got); u < 0 {
			u, size = len(got)-1, 2*size
		} else {
			size = 2 * (u + 1)
		}
		out = append(out, got[:u+1]...)
		rest = rest[u+1:]
	}
	return out, nil
}

// spentAt returns the index of the first answer left open that a later
// open answer follows (the context may have spent its resource limit
// there), or -1.
func spentAt(got []Outcome) int {
	u := slices.IndexFunc(got, open)
	if u < 0 || !slices.ContainsFunc(got[u+1:], open) {
		return -1
	}
	return u
}

// open reports whether an answer neither proves nor refutes its
// obligation (unknown, no answer, an error).
func open(o Outcome) bool { return !o.Holds() && o.Answer != "sat" }

// z3Phase runs one attempt of Z3With, whose contexts may run at once
// (Z3Options.Jobs), all under the same options, and then gives Z3's
// options back their defaults (z3Defaults): the options a script sets are
// global, so they are given back only once no context of the attempt
// runs, never under one.
func z3Phase(attempt func() ([]Outcome, error)) ([]Outcome, error) {
	out, err := attempt()
	if _, rerr := z3.EvalSMTLIB2(context.Background(), z3Defaults); rerr != nil && err == nil {
		return nil, rerr
	}
	return out, err
}

// eachGroup runs the obligations of script group by group with run (each
// group's in a script of its own, with the declarations and the facts),
// up to jobs groups at once, and returns the answers in order; a script
// whose obligations are not each in a block of their own (Only cannot
// tell them apart) runs whole.
func eachGroup(script string, jobs int, run func(script string) ([]Outcome, error)) ([]Outcome, error) {
	groups, count := groupsOf(script)
	for _, g := range groups {
		if len(Obligations(Only(script, func(o string) bool { return groupOf(o) == g }))) != count[g] {
			return run(script)
		}
	}
	defs := newDefinitions(script)
	part := func(i int) string {
		return defs.prune(Only(script, func(o string) bool { return groupOf(o) == groups[i] }))
	}
	return inParallel(len(groups), part, jobs, run)
}

// groupsOf returns the groups of the obligations of script, in order,
// and how many obligations each has.
func groupsOf(script string) ([]string, map[string]int) {
	var groups []string
	count := map[string]int{}
	for _, name := range Obligations(script) {
		g := groupOf(name)
		if count[g]++; count[g] == 1 {
			groups = append(groups, g)
		}
	}
	return groups, count
}

// groupOf is the group of an obligation: its name up to the last colon
// ("transition t1" for "transition t1: node_3").
func groupOf(obligation string) string {
	if i := strings.LastIndex(obligation, ": "); i >= 0 {
		return obligation[:i]
	}
	return obligation
}

// EachAlone runs every obligation of script with run, in a script of its
// own (the declarations and facts, and that one obligation), up to jobs
// at once, and returns the answers in order. A prover's incremental
// context keeps what earlier obligations made it learn and instantiate:
// in one context with the other 384 obligations of its group, Z3 answers
// unknown to two_phase_N's "transition proposeCommit: node_1914" within
// 20 million units, and alone proves it in a quarter of a second.
func EachAlone(script string, jobs int, run func(script string) ([]Outcome, error)) ([]Outcome, error) {
	names := Obligations(script)
	defs := newDefinitions(script)
	part := func(i int) string { return defs.prune(Only(script, func(o string) bool { return o == names[i] })) }
	return inParallel(len(names), part, jobs, run)
}

// Retry runs again, with run, the obligations of script that outcomes
// (a prover's answers to it) neither prove nor refute (unknown, no
// answer, an error), and returns outcomes with
// their new answers: a prover's second attempt, under other options.
func Retry(script string, outcomes []Outcome, run func(script string) ([]Outcome, error)) ([]Outcome, error) {
	failed := map[string]bool{}
	for _, o := range outcomes {
		if open(o) { // sat is a counterexample: final
			failed[o.Obligation] = true
		}
	}
	if len(failed) == 0 {
		return outcomes, nil
	}
	retried, err := run(Only(script, func(name string) bool { return failed[name] }))
	if err != nil {
		return nil, err
	}
	answers := map[string]string{}
	for _, o := range retried {
		answers[o.Obligation] = o.Answer
	}
	out := slices.Clone(outcomes)
	for i, o := range out {
		if a, ok := answers[o.Obligation]; ok {
			out[i].Answer = a
		}
	}
	return out, nil
}

// z3Run runs a script in a new Z3 context, after the options zopts, as
// attempt n of Z3With under opts, and reports its answers to
// opts.Progress. The options stay set (z3Phase gives them back).
func z3Run(ctx context.Context, zopts, script string, n int, opts Z3Options) ([]Outcome, error) {
	if opts.Rlimit > 0 {
		zopts += fmt.Sprintf("(set-option :rlimit %d)\n", opts.Rlimit)
	}
	script = zopts + strings.ReplaceAll(script, "\n(check-sat)\n", "\n(check-sat)\n"+statistics)
	start := time.Now()
	output, err := z3.EvalSMTLIB2(ctx, script)
	took := time.Since(start)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	first, _, _ := strings.Cut(strings.TrimSpace(output), "\n")
	if err != nil && (output == "" || strings.HasPrefix(first, "(error") && !limited(first)) {
		return nil, err
	}
	outcomes := Outcomes(script, output)
	work := workOf(output)
	for i, o := range outcomes {
		switch {
		case limited(o.Answer), limited(first) && o.Answer == "no answer":
			// The rlimit ran out before the check-sat (declaring the
			// script or simplifying an assertion), or an earlier
			// obligation's exhausted it: not proved within the limit,
			// as unknown.
			outcomes[i].Answer = "unknown"
		case strings.HasPrefix(o.Answer, "(error"):
			return nil, fmt.Errorf("obligation %s: %s", o.Obligation, o.Answer)
		}
		if opts.Progress != nil {
			opts.Progress(Step{Outcome: outcomes[i], Attempt: n, Work: work[o.Obligation], Context: took})
		}
	}
	return outcomes, nil
}

// limited reports whether an error line of Z3 says that its resource
// limit ran out (or that a command was canceled after it did).
func limited(line string) bool {
	return strings.HasPrefix(line, "(error") && (strings.Contains(line, "resource limit exceeded") || strings.Contains(line, "canceled"))
}

// statistics asks Z3 for its counters after each check-sat: workOf reads
// the resource units spent from them.
const statistics = "(get-info :all-statistics)\n"

// workOf reads, from Z3's output to a script with statistics, the
// resource units spent on each obligation: the growth of the context's
// rlimit-count since the previous obligation.
func workOf(output string) map[string]int64 {
	work := map[string]int64{}
	current, last := "", int64(0)
	for _, line := range strings.Split(output, "\n") {
		line = strings.TrimSpace(line)
		if rest, ok := strings.CutPrefix(line, "obligation "); ok {
			current = rest
			continue
		}
		if rest, ok := strings.CutPrefix(strings.TrimPrefix(line, "("), ":rlimit-count"); ok {
			n, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), ")")), 10, 64)
			if err == nil && current != "" {
				work[current], last = n-last, n
			}
		}
	}
	return work
}
