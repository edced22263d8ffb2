package reach

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// litmus returns the source of corpus file cubicle-w/litmus/NAME.cub.
func litmus(t *testing.T, name string) string {
	t.Helper()
	dir, err := corpus.Dir()
	if err != nil {
		t.Skip(err)
	}
	src, err := os.ReadFile(filepath.Join(dir, "cubicle-w/litmus", name+".cub"))
	require.NoError(t, err)
	return string(src)
}

// symmetryText renders a symmetry as "procs; X->Y ...; 1->2 ..." with
// its moved symbols and numbers sorted.
func symmetryText(s symmetry) string {
	var syms, nums []string
	if s.data != nil {
		for k, v := range s.data.syms {
			syms = append(syms, k.Name+"->"+v.Name)
		}
		for k, v := range s.data.nums {
			nums = append(nums, k.Key()+"->"+v.Key())
		}
	}
	procs := make([]string, len(s.procs))
	for i, p := range s.procs {
		procs[i] = p.String()
	}
	return strings.Join(procs, " ") + "; " + sortedJoin(syms, " ") + "; " + sortedJoin(nums, " ")
}

func symmetryTexts(t *testing.T, src string, mm memmodel.Model) []string {
	t.Helper()
	var out []string
	for _, s := range symmetries(buildSource(t, src), mm) {
		out = append(out, symmetryText(s))
	}
	return out
}

// edit replaces old by new in src once, failing when old is absent.
func edit(t *testing.T, src, old, new string) string {
	t.Helper()
	out := strings.Replace(src, old, new, 1)
	require.NotEqual(t, src, out, "%q not found", old)
	return out
}

// TestDataSymmetries: iriw's threads are symmetric only with the
// variables and the written numbers renamed together (one symmetry);
// sb's with the variables alone. An asymmetric transition, an order on
// the numbers or a different initial value leaves none, and so does PSO.
func TestDataSymmetries(t *testing.T) {
	iriw := litmus(t, "iriw_s")
	require.Equal(t, []string{"#2 #1 #4 #3; X->Y Y->X; 1->2 2->1"}, symmetryTexts(t, iriw, memmodel.TSO))
	sb := litmus(t, "sb_s")
	require.Equal(t, []string{"#2 #1; X->Y Y->X; "}, symmetryTexts(t, sb, memmodel.TSO))

	guarded := func(op string) string {
		return edit(t, edit(t, iriw, "requires { p = #1 && PC[p] = L1 }", "requires { p = #1 && PC[p] = L1 && R1[p] "+op+" 3 }"),
			"requires { p = #2 && PC[p] = L1 }", "requires { p = #2 && PC[p] = L1 && R1[p] "+op+" 3 }")
	}
	require.Len(t, symmetryTexts(t, guarded("<>"), memmodel.TSO), 1, "a guard comparing for equality only")
	broken := map[string]string{
		"asymmetric writer": edit(t, iriw, "{ PC[p] := End; Y := 2 }", "{ PC[p] := End; Y := 2; R1[p] := 0 }"),
		"ordered numbers":   guarded("<"),
		"initial values":    edit(t, sb, "X = 0 && Y = 0", "X = 0 && Y = 1"),
	}
	for name, src := range broken {
		require.Empty(t, symmetryTexts(t, src, memmodel.TSO), name)
	}
	require.Empty(t, symmetryTexts(t, iriw, memmodel.PSO))
}

// TestDataSymmetricSearch: with the data symmetries, iriw_s is SAFE in
// 27 nodes (48 without; the original visits 39), sb_s in 5 (8), and the
// unsafe sb_us still reaches the initial states, in 5 nodes (8); so do
// two unsafe variants of iriw (the explicit engine reaches both with 4
// processes): one whose outcome the symmetry maps onto itself (both
// readers see both writes), one it does not (a reader sees neither).
func TestDataSymmetricSearch(t *testing.T) {
	iriwOutcome := "R1[r] = 1 && R2[r] = 0 && R1[s] = 2 && R2[s] = 0"
	cases := []struct {
		name, src string
		want      translate.Verdict
		nodes     int
	}{
		{"iriw_s", litmus(t, "iriw_s"), translate.Safe, 27},
		{"sb_s", litmus(t, "sb_s"), translate.Safe, 5},
		{"sb_us", litmus(t, "sb_us"), translate.Unsafe, 5},
		{"iriw both seen", edit(t, litmus(t, "iriw_s"), iriwOutcome, "R1[r] = 1 && R2[r] = 2 && R1[s] = 2 && R2[s] = 1"), translate.Unsafe, 25},
		{"iriw none seen", edit(t, litmus(t, "iriw_s"), iriwOutcome, "R1[r] = 1 && R2[r] = 0 && R1[s] = 0 && R2[s] = 0"), translate.Unsafe, 40},
	}
	for _, c := range cases {
		res, err := Check(context.Background(), buildSource(t, c.src), Options{NewSolver: z3Solver, MaxNodes: 1000})
		require.NoError(t, err)
		require.Equal(t, c.want, res.Verdict, c.name)
		require.Equal(t, c.nodes, res.Stats.Nodes, c.name)
	}
}

// TestGroupPermutations: items permute only within groups of equal keys,
// the identity first; a group with more permutations than allowed stays
// fixed.
func TestGroupPermutations(t *testing.T) {
	key := func(s string) string { return s[:1] }
	ms := groupPermutations([]string{"a1", "a2", "b1", "a3", "c1", "c2"}, key)
	require.Len(t, ms, 6*2)
	require.Nil(t, ms[0])
	for _, m := range ms[1:] {
		require.NotEmpty(t, m)
		for k, v := range m {
			require.Equal(t, key(k), key(v), "%s -> %s", k, v)
			require.NotEqual(t, k, v)
		}
	}
	many := []string{"x1", "x2", "x3", "x4", "x5", "x6", "x7", "y1", "y2"}
	ms = groupPermutations(many, key)
	require.Equal(t, []map[string]string{nil, {"y1": "y2", "y2": "y1"}}, ms)
}
