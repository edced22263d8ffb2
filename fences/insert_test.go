package fences

import (
	"strings"
	"testing"

	"github.com/cubew/cubew/syntax"
	"github.com/stretchr/testify/require"
)

// TestInsertFences: a fence becomes a top-level conjunct of the guard,
// whatever its shape, and nothing else of the text changes.
func TestInsertFences(t *testing.T) {
	const head = "weak var X : bool\narray Pc[proc] : bool\nweak array F[proc] : bool\ninit (p) { X = False }\nunsafe (p) { Pc[p] = True }\n"
	cases := []struct{ name, transition, want string }{
		{"atom", "transition t ([p])\nrequires { Pc[p] = False }\n{ X := True }",
			"requires { Pc[p] = False && fence() }"},
		{"conjunction", "transition t ([p])\nrequires { Pc[p] = False && X = False }\n{ X := True }",
			"requires { Pc[p] = False && X = False && fence() }"},
		{"quantifier last", "transition t ([p])\nrequires { Pc[p] = False && forall_other q. F[q] = False }\n{ X := True }",
			"requires { fence() && Pc[p] = False && forall_other q. F[q] = False }"},
		{"quantifier alone", "transition t ([p])\nrequires { forall_other q. F[q] = False }\n{ X := True }",
			"requires { fence() && forall_other q. F[q] = False }"},
		{"disjunction", "transition t ([p])\nrequires { Pc[p] = False || X = True }\n{ X := True }",
			"requires { fence() && (Pc[p] = False || X = True) }"},
		{"comment before the brace", "transition t ([p])\nrequires { Pc[p] = False (* why } *) }\n{ X := True }",
			"requires { Pc[p] = False && fence() (* why } *) }"},
		{"no requires", "transition t ([p])\n{ X := True }",
			"requires { fence() }\n{ X := True }"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := head + tc.transition + "\n"
			out, err := Insert("t.cub", []byte(src), []int{0})
			require.NoError(t, err)
			require.Contains(t, string(out), tc.want)
			require.Equal(t, src, strings.Replace(string(out), tc.want, guardOf(tc.transition), 1), "only the guard changes")
			m, err := syntax.ParseAndCheck("t.cub", out, syntax.CheckOptions{})
			require.NoError(t, err)
			require.True(t, topFence(m.Transitions[0].Guard), "got %s", out)
		})
	}
	require.Len(t, cases, 7)
}

// guardOf returns the original text that a case's want replaces.
func guardOf(transition string) string {
	if i := strings.Index(transition, "requires"); i >= 0 {
		return transition[i:strings.Index(transition, "\n{")]
	}
	return "{ X := True }"
}

// TestMinimalHittingSets: every minimal set that meets each conflict,
// smallest first, and none for an empty conflict.
func TestMinimalHittingSets(t *testing.T) {
	cases := []struct {
		conflicts, want [][]int
	}{
		{nil, [][]int{nil}},
		{[][]int{{1, 3}}, [][]int{{1}, {3}}},
		{[][]int{{1, 3}, {3}}, [][]int{{3}}},
		{[][]int{{2, 6}, {6}, {2}}, [][]int{{2, 6}}},
		{[][]int{{1, 2}, {2, 3}, {1, 3}}, [][]int{{1, 2}, {1, 3}, {2, 3}}},
		{[][]int{{1, 2}, {}}, nil},
	}
	for _, tc := range cases {
		require.Equal(t, tc.want, minimalHittingSets(tc.conflicts, 3), "conflicts %v", tc.conflicts)
	}
	disjoint := [][]int{{1, 2}, {3, 4}, {5, 6}}
	require.Empty(t, minimalHittingSets(disjoint, 2), "no set of 2 meets three disjoint conflicts")
	require.Len(t, minimalHittingSets(disjoint, 3), 8)
}
