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
func fakeCVC5(t *testing.T, dir, withEMatching, withoutEMatching string) string {
	bin := filepath.Join(dir, "cvc5")
	sh := `#!/bin/sh
dir=$(dirname "$0")
for a; do f=$a; done
echo "$(echo "$*" | sed 's/ [^ ]*$//'): $(grep -c '^(echo "obligation ' "$f")" >> "$dir/calls"
ans=` + withEMatching + `
case " $* " in *" --no-e-matching "*) ans=` + withoutEMatching + `;; esac
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

// cvc5Base are the options of every run of CVC5With with Rlimit 1000.
const cvc5Base = "--incremental --lang=smt2 --enum-inst --rlimit-per=1000"

// TestCVC5FirstAttemptWithoutEMatching: cvc5's first attempt (a process
// for the whole script) runs without E-matching, which --rlimit-per
// bounds; what it proves is not run again, and a sat answer is final.
func TestCVC5FirstAttemptWithoutEMatching(t *testing.T) {
	dir := t.TempDir()
	bin := fakeCVC5(t, dir, "unknown", "unsat")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "sat"), []byte("obligation init: node_1\n"), 0o644))
	out, err := CVC5With(context.Background(), bin, t.TempDir(), script, CVC5Options{Rlimit: 1000})
	require.NoError(t, err)
	require.Equal(t, []Outcome{{"init: dom", "unsat"}, {"init: node_1", "sat"}, {"unsafe: unsafe_1", "unsat"}}, out)
	require.Equal(t, []string{cvc5Base + " --no-e-matching: 3"}, calls(t, dir))
}

// TestCVC5RetriesWithEMatching: the obligations the first attempt
// (without E-matching) leaves unknown are each retried alone with
// E-matching second, and proved there; no third attempt runs. The sat
// answer of the first attempt is not retried. No process runs E-matching
// on more than one obligation: E-matching's stall on arbiter_v3_N tso's
// t_proc_L9_L1 (session certs15) was in the context of a whole group.
func TestCVC5RetriesWithEMatching(t *testing.T) {
	dir := t.TempDir()
	bin := fakeCVC5(t, dir, "unsat", "unknown")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "sat"), []byte("obligation init: node_1\n"), 0o644))
	out, err := CVC5With(context.Background(), bin, t.TempDir(), script, CVC5Options{Rlimit: 1000})
	require.NoError(t, err)
	require.Equal(t, []Outcome{{"init: dom", "unsat"}, {"init: node_1", "sat"}, {"unsafe: unsafe_1", "unsat"}}, out)
	require.Equal(t, []string{cvc5Base + " --no-e-matching: 3", cvc5Base + ": 1", cvc5Base + ": 1"}, calls(t, dir),
		"first the whole script without E-matching, then init: dom and unsafe: unsafe_1 each alone with it")
}

// TestCVC5ThirdAttempt: an obligation neither attempt proves gets a
// third, alone without E-matching again, and stays unknown (not proved)
// when that fails too.
func TestCVC5ThirdAttempt(t *testing.T) {
	dir := t.TempDir()
	bin := fakeCVC5(t, dir, "unknown", "unknown")
	out, err := CVC5With(context.Background(), bin, t.TempDir(), script, CVC5Options{Rlimit: 1000, Jobs: 2})
	require.NoError(t, err)
	require.Equal(t, []Outcome{{"init: dom", "unknown"}, {"init: node_1", "unknown"}, {"unsafe: unsafe_1", "unknown"}}, out)
	got := calls(t, dir)
	require.Len(t, got, 2+3+3, "-j 2: two processes of whole groups (init, unsafe), then each obligation alone twice")
	require.ElementsMatch(t, []string{cvc5Base + " --no-e-matching: 2", cvc5Base + " --no-e-matching: 1"}, got[:2])
	require.Equal(t, []string{cvc5Base + ": 1", cvc5Base + ": 1", cvc5Base + ": 1"}, got[2:5])
	require.Equal(t, []string{cvc5Base + " --no-e-matching: 1", cvc5Base + " --no-e-matching: 1", cvc5Base + " --no-e-matching: 1"}, got[5:])
	require.False(t, out[0].Holds())
}

// TestCVC5Progress: CVC5Options.Progress receives each process's
// attempt, options, groups (or its one obligation), counts and CPU time
// as it ends, in the order the processes end.
func TestCVC5Progress(t *testing.T) {
	dir := t.TempDir()
	bin := fakeCVC5(t, dir, "unsat", "unknown")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "sat"), []byte("obligation init: node_1\n"), 0o644))
	var got []CVC5Process
	_, err := CVC5With(context.Background(), bin, t.TempDir(), script, CVC5Options{Rlimit: 1000, Progress: func(p CVC5Process) { got = append(got, p) }})
	require.NoError(t, err)
	require.Len(t, got, 3)
	lines := make([]string, len(got))
	for i, p := range got {
		require.GreaterOrEqual(t, p.CPU, time.Duration(0))
		p.CPU = 0
		lines[i] = p.String()
	}
	require.Equal(t, []string{
		"attempt 1 (without E-matching): init, unsafe: 0 unsat, 1 sat, 2 unknown, 0.0 CPU-s",
		"attempt 2 (with E-matching): init: dom: 1 unsat, 0 sat, 0 unknown, 0.0 CPU-s",
		"attempt 2 (with E-matching): unsafe: unsafe_1: 1 unsat, 0 sat, 0 unknown, 0.0 CPU-s",
	}, lines)
}
