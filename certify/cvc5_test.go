package certify

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// fakeCVC5 writes a stand-in for cvc5 into dir: it logs its options and
// how many obligations its script (its last argument) has to dir/calls,
// one line a run ("OPTIONS: N"), and answers each obligation
// withoutEMatching when run with --no-e-matching, withEMatching
// otherwise, except the obligations named in dir/sat, which it refutes.
// An answer "alone" is unsat in a script of one obligation, unknown in
// one of several (as cvc5 without E-matching on arbiter_v3_N tso's
// node_84986 of t_proc_L9_L1, certs14).
func fakeCVC5(t *testing.T, dir, withEMatching, withoutEMatching string) string {
	bin := filepath.Join(dir, "cvc5")
	sh := `#!/bin/sh
dir=$(dirname "$0")
for a; do f=$a; done
echo "$(echo "$*" | sed 's/ [^ ]*$//'): $(grep -c '^(echo "obligation ' "$f")" >> "$dir/calls"
ans=` + withEMatching + `
case " $* " in *" --no-e-matching "*) ans=` + withoutEMatching + `;; esac
if [ "$ans" = alone ]; then
  if [ "$(grep -c '^(echo "obligation ' "$f")" = 1 ]; then ans=unsat; else ans=unknown; fi
fi
sed -n 's/^(echo "\(.*\)")$/\1/p' "$f" | while read -r l; do
  echo "\"$l\""
  if grep -qxF "$l" "$dir/sat" 2>/dev/null; then echo sat; else echo $ans; fi
done
`
	require.NoError(t, os.WriteFile(bin, []byte(sh), 0o755))
	return bin
}

// calls returns the options of each run of fakeCVC5 in dir and how many
// obligations it had.
func calls(t *testing.T, dir string) []string {
	text, err := os.ReadFile(filepath.Join(dir, "calls"))
	require.NoError(t, err)
	return strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
}

// eventScript is check_test.go's script stated over events, as a weak
// model's certificate (it declares the sort Ev).
const eventScript = "(declare-sort Ev 0)\n" + script

// cvc5Base are the options of every run of CVC5With with Rlimit 1000.
// fakeCVC5RefutingNode1 is fakeCVC5 in a directory of its own (returned
// with the binary) that refutes the obligation init: node_1 (dir/sat).
func fakeCVC5RefutingNode1(t *testing.T, withEMatching, withoutEMatching string) (dir, bin string) {
	dir = t.TempDir()
	bin = fakeCVC5(t, dir, withEMatching, withoutEMatching)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "sat"), []byte("obligation init: node_1\n"), 0o644))
	return dir, bin
}

const cvc5Base = "--incremental --lang=smt2 --enum-inst --rlimit-per=1000"

// TestCVC5FirstAttemptWithoutEMatching: on an event-explicit
// certificate cvc5's first attempt (a process for the whole script) runs
// without E-matching, which --rlimit-per bounds; what it proves is not
// run again, and a sat answer is final.
func TestCVC5FirstAttemptWithoutEMatching(t *testing.T) {
	dir, bin := fakeCVC5RefutingNode1(t, "unknown", "unsat")
	out, err := CVC5With(context.Background(), bin, t.TempDir(), eventScript, CVC5Options{Rlimit: 1000})
	require.NoError(t, err)
	require.Equal(t, []Outcome{{"init: dom", "unsat"}, {"init: node_1", "sat"}, {"unsafe: unsafe_1", "unsat"}}, out)
	require.Equal(t, []string{cvc5Base + " --no-e-matching: 3"}, calls(t, dir))
}

// TestCVC5FirstAttemptWithoutEvents: on a certificate without events
// the first attempt keeps E-matching (faster there, and never seen to
// stall); the obligations it leaves open are each retried alone without
// it, and proved there.
func TestCVC5FirstAttemptWithoutEvents(t *testing.T) {
	dir, bin := fakeCVC5RefutingNode1(t, "unknown", "unsat")
	out, err := CVC5With(context.Background(), bin, t.TempDir(), script, CVC5Options{Rlimit: 1000})
	require.NoError(t, err)
	require.Equal(t, []Outcome{{"init: dom", "unsat"}, {"init: node_1", "sat"}, {"unsafe: unsafe_1", "unsat"}}, out)
	require.Equal(t, []string{cvc5Base + ": 3", cvc5Base + " --no-e-matching: 1", cvc5Base + " --no-e-matching: 1"}, calls(t, dir))
}

// TestCVC5SecondAttemptAlone: the obligations the first attempt leaves
// unknown in their group's process are each retried alone, still without
// E-matching, and proved there: no process runs E-matching. The sat
// answer of the first attempt is not retried.
func TestCVC5SecondAttemptAlone(t *testing.T) {
	dir, bin := fakeCVC5RefutingNode1(t, "unknown", "alone")
	out, err := CVC5With(context.Background(), bin, t.TempDir(), eventScript, CVC5Options{Rlimit: 1000})
	require.NoError(t, err)
	require.Equal(t, []Outcome{{"init: dom", "unsat"}, {"init: node_1", "sat"}, {"unsafe: unsafe_1", "unsat"}}, out)
	require.Equal(t, []string{cvc5Base + " --no-e-matching: 3", cvc5Base + " --no-e-matching: 1", cvc5Base + " --no-e-matching: 1"}, calls(t, dir),
		"first the whole script, then init: dom and unsafe: unsafe_1 each alone, all without E-matching")
}

// TestCVC5ThirdAttemptWithEMatching: the obligations enumeration alone
// proves neither with their group nor alone get a third attempt, each
// alone with E-matching, and are proved there. No process runs
// E-matching on more than one obligation, nor on an obligation the first
// two attempts could prove: E-matching's stall on arbiter_v3_N tso's
// t_proc_L9_L1 (session certs15) was in the process of a whole group,
// and its node_84986 has no answer in 300 s alone with E-matching
// either (certs14).
func TestCVC5ThirdAttemptWithEMatching(t *testing.T) {
	dir, bin := fakeCVC5RefutingNode1(t, "unsat", "unknown")
	out, err := CVC5With(context.Background(), bin, t.TempDir(), eventScript, CVC5Options{Rlimit: 1000})
	require.NoError(t, err)
	require.Equal(t, []Outcome{{"init: dom", "unsat"}, {"init: node_1", "sat"}, {"unsafe: unsafe_1", "unsat"}}, out)
	without, with := cvc5Base+" --no-e-matching: ", cvc5Base+": "
	require.Equal(t, []string{without + "3", without + "1", without + "1", with + "1", with + "1"}, calls(t, dir))
}

// TestCVC5ThirdAttempt: an obligation no attempt proves stays unknown
// (not proved); with -j 2 the first attempt runs the two groups (init,
// unsafe) in a process each.
func TestCVC5ThirdAttempt(t *testing.T) {
	dir := t.TempDir()
	bin := fakeCVC5(t, dir, "unknown", "unknown")
	out, err := CVC5With(context.Background(), bin, t.TempDir(), eventScript, CVC5Options{Rlimit: 1000, Jobs: 2})
	require.NoError(t, err)
	require.Equal(t, []Outcome{{"init: dom", "unknown"}, {"init: node_1", "unknown"}, {"unsafe: unsafe_1", "unknown"}}, out)
	without, with := cvc5Base+" --no-e-matching: ", cvc5Base+": "
	got := calls(t, dir)
	require.Len(t, got, 2+3+3, "two processes of whole groups, then each obligation alone twice")
	require.ElementsMatch(t, []string{without + "2", without + "1"}, got[:2])
	require.Equal(t, []string{without + "1", without + "1", without + "1"}, got[2:5])
	require.Equal(t, []string{with + "1", with + "1", with + "1"}, got[5:])
	require.False(t, out[0].Holds())
}

// TestCVC5Progress: CVC5Options.Progress receives each process's
// attempt, options, groups (or its one obligation), counts and CPU time
// as it ends, in the order the processes end.
func TestCVC5Progress(t *testing.T) {
	_, bin := fakeCVC5RefutingNode1(t, "unsat", "unknown")
	var got []CVC5Process
	_, err := CVC5With(context.Background(), bin, t.TempDir(), eventScript, CVC5Options{Rlimit: 1000, Progress: func(p CVC5Process) { got = append(got, p) }})
	require.NoError(t, err)
	require.Len(t, got, 5)
	lines := make([]string, len(got))
	for i, p := range got {
		require.GreaterOrEqual(t, p.CPU, time.Duration(0))
		p.CPU = 0
		lines[i] = p.String()
	}
	require.Equal(t, []string{
		"attempt 1 (without E-matching): init, unsafe: 0 unsat, 1 sat, 2 unknown, 0.0 CPU-s",
		"attempt 2 (without E-matching): init: dom: 0 unsat, 0 sat, 1 unknown, 0.0 CPU-s",
		"attempt 2 (without E-matching): unsafe: unsafe_1: 0 unsat, 0 sat, 1 unknown, 0.0 CPU-s",
		"attempt 3 (with E-matching): init: dom: 1 unsat, 0 sat, 0 unknown, 0.0 CPU-s",
		"attempt 3 (with E-matching): unsafe: unsafe_1: 1 unsat, 0 sat, 0 unknown, 0.0 CPU-s",
	}, lines)
}

// TestCVC5ArgvOwnSlice: the command lines of processes that share args
// (with room to spare, as CVC5With builds them) each keep their own
// file: building the second does not overwrite the first's.
func TestCVC5ArgvOwnSlice(t *testing.T) {
	args := make([]string, 2, 8)
	args[0], args[1] = "--incremental", "--no-e-matching"
	first := cvc5Argv(args, "a.smt2")
	second := cvc5Argv(args, "b.smt2")
	require.Equal(t, []string{"--incremental", "--no-e-matching", "a.smt2"}, first)
	require.Equal(t, []string{"--incremental", "--no-e-matching", "b.smt2"}, second)
}
