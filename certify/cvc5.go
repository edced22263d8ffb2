package certify

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// cvc5Args are cvc5's options: incremental (push/pop), and enumerative
// instantiation when E-matching saturates without an answer (the
// event-explicit obligations of weak models need it: without it cvc5
// answers unknown to some).
var cvc5Args = []string{"--incremental", "--lang=smt2", "--enum-inst"}

// cvc5Retry are the options of cvc5's last attempt at the obligations
// its first two (all in one process, then each alone: EachAlone) did not
// prove: enumerative instantiation alone. E-matching loses itself in the
// event instantiations of some event-explicit obligations (peterson_2's,
// iriw_s's), which enumeration proves at once; it is slower on others
// (sense_barrier's), hence several attempts.
var cvc5Retry = []string{"--no-e-matching"}

// CVC5 re-checks a certificate with the cvc5 binary bin, within rlimit
// of its resource units per obligation (--rlimit-per): all obligations
// in one process, then those it neither proves nor refutes each alone,
// then those still open together without E-matching. A certificate of
// the refined pso search (it states which write a read reads: rf.L) is
// tried without E-matching first and with it last: E-matching stalls
// on its ground init obligations (certify/testdata/corr_readers.cub:
// 716 obligations, none answered in 17 CPU minutes with E-matching
// first, all proved in 77 CPU-s without). The scripts go to files in
// dir. A failure to run cvc5 is an error.
func CVC5(ctx context.Context, bin, dir, script string, rlimit int) ([]Outcome, error) {
	args := append(slices.Clone(cvc5Args), fmt.Sprintf("--rlimit-per=%d", rlimit))
	first, last := args, append(slices.Clone(args), cvc5Retry...)
	if statesReadsFrom(script) {
		first, last = last, first
	}
	run := func(args []string) func(string) ([]Outcome, error) {
		return func(s string) ([]Outcome, error) { return runCVC5(ctx, bin, dir, s, args) }
	}
	outcomes, err := run(first)(script)
	if err != nil {
		return nil, err
	}
	outcomes, err = Retry(script, outcomes, func(rest string) ([]Outcome, error) { return EachAlone(rest, run(args)) })
	if err != nil {
		return nil, err
	}
	return Retry(script, outcomes, run(last))
}

// statesReadsFrom reports whether a certificate declares which write a
// read reads (rf.L, the refined pso search's marks: weak.go).
func statesReadsFrom(script string) bool {
	return strings.Contains(script, "(declare-fun |rf.") || strings.Contains(script, "(declare-fun rf.")
}

// runCVC5 runs cvc5 with args on a script (written to dir/cert.smt2).
func runCVC5(ctx context.Context, bin, dir, script string, args []string) ([]Outcome, error) {
	file := filepath.Join(dir, "cert.smt2")
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		return nil, err
	}
	out, err := exec.CommandContext(ctx, bin, append(args, file)...).CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("cvc5: %v: %s", err, out)
	}
	return Outcomes(script, string(out)), nil
}
