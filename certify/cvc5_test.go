package certify

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// fakeCVC5 writes a stand-in for cvc5 into dir: it logs its options to
// dir/calls, one line a run, and answers each obligation of its script
// (its last argument) withoutEMatching when run with --no-e-matching,
// unknown otherwise, except the obligations named in dir/sat, which it
// refutes.
func fakeCVC5(t *testing.T, dir, withoutEMatching string) string {
	bin := filepath.Join(dir, "cvc5")
	sh := `#!/bin/sh
dir=$(dirname "$0")
for a; do f=$a; done
echo "$*" | sed 's/ [^ ]*$//' >> "$dir/calls"
ans=unknown
case " $* " in *" --no-e-matching "*) ans=` + withoutEMatching + `;; esac
sed -n 's/^(echo "\(.*\)")$/\1/p' "$f" | while read -r l; do
  echo "\"$l\""
  if grep -qxF "$l" "$dir/sat" 2>/dev/null; then echo sat; else echo $ans; fi
done
`
	require.NoError(t, os.WriteFile(bin, []byte(sh), 0o755))
	return bin
}

// calls returns the options of each run of fakeCVC5 in dir.
func calls(t *testing.T, dir string) []string {
	text, err := os.ReadFile(filepath.Join(dir, "calls"))
	require.NoError(t, err)
	return strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
}

// TestCVC5RetriesWithoutEMatching: the obligations cvc5's first attempt
// (E-matching, a process for the whole script) leaves unknown are each
// retried alone without E-matching second, and proved there; no third
// attempt runs. A sat answer of the first attempt is final: not retried.
func TestCVC5RetriesWithoutEMatching(t *testing.T) {
	dir := t.TempDir()
	bin := fakeCVC5(t, dir, "unsat")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "sat"), []byte("obligation init: node_1\n"), 0o644))
	out, err := CVC5With(context.Background(), bin, t.TempDir(), script, CVC5Options{Rlimit: 1000})
	require.NoError(t, err)
	require.Equal(t, []Outcome{{"init: dom", "unsat"}, {"init: node_1", "sat"}, {"unsafe: unsafe_1", "unsat"}}, out)
	base := "--incremental --lang=smt2 --enum-inst --rlimit-per=1000"
	require.Equal(t, []string{base, base + " --no-e-matching", base + " --no-e-matching"}, calls(t, dir),
		"first the whole script with E-matching, then init: dom and unsafe: unsafe_1 each alone without")
}

// TestCVC5ThirdAttempt: an obligation neither attempt proves gets a third,
// alone with E-matching again, and stays unknown (not proved) when that
// fails too; a refined certificate (rf.L) starts without E-matching.
func TestCVC5ThirdAttempt(t *testing.T) {
	dir := t.TempDir()
	bin := fakeCVC5(t, dir, "unsat")
	refined := "(declare-fun rf.X (Ev) Ev)\n" + Only(script, func(o string) bool { return o == "unsafe: unsafe_1" })
	out, err := CVC5With(context.Background(), bin, t.TempDir(), refined, CVC5Options{Rlimit: 1000})
	require.NoError(t, err)
	require.Equal(t, []Outcome{{"unsafe: unsafe_1", "unsat"}}, out)
	base := "--incremental --lang=smt2 --enum-inst --rlimit-per=1000"
	require.Equal(t, []string{base + " --no-e-matching"}, calls(t, dir), "proved at once without E-matching")

	dir = t.TempDir()
	bin = fakeCVC5(t, dir, "unknown")
	out, err = CVC5With(context.Background(), bin, t.TempDir(), Only(script, func(o string) bool { return o == "unsafe: unsafe_1" }), CVC5Options{Rlimit: 1000})
	require.NoError(t, err)
	require.Equal(t, []Outcome{{"unsafe: unsafe_1", "unknown"}}, out)
	require.Equal(t, []string{base, base + " --no-e-matching", base}, calls(t, dir))
	require.False(t, out[0].Holds())
}
