package reach

import (
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// ownedSystem builds a model whose arrays are written in each way that
// decides ownership.
func ownedSystem(t *testing.T) *translate.System {
	t.Helper()
	src := `type st = A | B
weak var X : int
weak array Own[proc] : bool
weak array Other[proc] : bool
weak array Cases[proc] : bool
weak array Read[proc] : bool
init (p) { Own[p] = False && Other[p] = False && X = 0 }
unsafe (p q) { p @ Own[q] = True && q @ Own[q] = True }
transition set ([p]) requires { Own[p] = False && Read[p] = False } { Own[p] := True; X := 1 }
transition give ([p] q) requires { X = 0 } { Other[q] := True; Own[p] := False }
transition cases ([p]) requires { X = 1 } { Cases[j] := case | j = p : True | _ : False }
`
	m, err := syntax.ParseAndCheck("owned.cub", []byte(src), syntax.CheckOptions{})
	require.NoError(t, err)
	sys, err := translate.Build(m)
	require.NoError(t, err)
	return sys
}

// TestOwnedArrays checks which arrays only their own process writes:
// Own (each write is the acting process's cell) and Read (never
// written); not Other (written at another parameter), not Cases (a case
// update writes every cell), not the variable X.
func TestOwnedArrays(t *testing.T) {
	sys := ownedSystem(t)
	var names []string
	for s := range ownedArrays(sys) {
		names = append(names, s.Name)
	}
	require.ElementsMatch(t, []string{"Own", "Read"}, names)
}

// TestDeadEndPairs checks the relation of the pre-image of the unsafe
// cube (#1 reads Own[#2], #2 reads Own[#2], both True) by `set` of a
// third process, which reads Own[#3] and Read[#3] (both False) and writes
// Own[#3] and X, all four ghb-equal (a locked step) and before both final
// reads. Under TSO the pairs ending in #2's read of its own cell are
// dropped (a dead end: no later step gives it an outgoing edge) and #1's
// read of Own[#2] keeps its pairs: 4 pairs remain, one from each new
// event; without the rule, 8; under PSO, where the rule is not used, 8.
func TestDeadEndPairs(t *testing.T) {
	sys := ownedSystem(t)
	var set *translate.Transition
	for _, tr := range sys.Transitions {
		if tr.Name == "set" {
			set = tr
		}
	}
	require.NotNil(t, set)
	c := sys.Unsafe[0].Cube
	for _, tc := range []struct {
		name  string
		mm    memmodel.Model
		owned ownedCells
		pairs int
	}{
		{"tso, owned arrays", memmodel.TSO, ownedArrays(sys), 4},
		{"tso, no owned arrays", memmodel.TSO, nil, 8},
		{"pso, owned arrays", memmodel.PSO, ownedArrays(sys), 8},
	} {
		ps, err := preImage(c, set, []translate.Proc{3}, tc.mm, tc.owned)
		require.NoError(t, err, tc.name)
		require.Len(t, ps, 1, tc.name)
		cube := ps[0].cube
		require.Len(t, cube.Events, 6, tc.name) // 2 final reads, 2 reads, 2 writes
		pairs := 0
		for i, e := range cube.Events {
			pairs += cube.Rel.After[i].Len()
			for j, f := range cube.Events {
				if !cube.Rel.Lt(i, j) {
					continue
				}
				if tc.mm == memmodel.TSO && tc.owned != nil {
					require.True(t, f.Final && f.Index[0] != f.Proc, "%s: %s → %s kept", tc.name, e, f)
				}
			}
		}
		require.Equal(t, tc.pairs, pairs, "%s: %s", tc.name, cube.Rel)
	}
}
