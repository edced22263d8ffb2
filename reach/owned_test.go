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
unsafe (p q) { p @ Own[p] = True && q @ Own[q] = True }
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

// transition returns the transition of sys named name.
func transition(t *testing.T, sys *translate.System, name string) *translate.Transition {
	t.Helper()
	for _, tr := range sys.Transitions {
		if tr.Name == name {
			return tr
		}
	}
	t.Fatalf("no transition %s", name)
	return nil
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
	set := transition(t, sys, "set")
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
		ps, err := preImage(c, set, []translate.Proc{3}, tc.mm, tc.owned, nil)
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

// TestIsolatedClass checks the pre-image of the second unsafe cube (#1
// reads Own[#1], #2 reads Own[#2], both True) by `set` of a third
// process: its reads of Own[#3] and Read[#3] (never written) are dead
// ends, and so are both final reads, so no event of the step's class is
// before a live unsatisfied read: under TSO the class keeps only its two
// reads (4 events, no pair); under PSO every event stays (6).
func TestIsolatedClass(t *testing.T) {
	sys := ownedSystem(t)
	set := transition(t, sys, "set")
	c := sys.Unsafe[1].Cube
	for _, tc := range []struct {
		name   string
		mm     memmodel.Model
		events int
	}{
		{"tso", memmodel.TSO, 4},
		{"pso", memmodel.PSO, 6},
	} {
		ps, err := preImage(c, set, []translate.Proc{3}, tc.mm, ownedArrays(sys), nil)
		require.NoError(t, err, tc.name)
		require.Len(t, ps, 1, tc.name)
		cube := ps[0].cube
		require.Len(t, cube.Events, tc.events, "%s: %v", tc.name, cube.Events)
		if tc.mm == memmodel.TSO {
			for i, e := range cube.Events {
				require.Equal(t, translate.Read, e.Kind, "%s: e%d %s kept", tc.name, i, e)
				require.Zero(t, cube.Rel.After[i], tc.name)
			}
		}
	}
}

// TestUnmarkedRoot: under SC and TSO an unsafe cube's final reads of a
// process's own cell of an owned array lose their mark (notFinal), the
// others keep it (p @ Own[q] reads another's cell); under PSO every mark
// stays, and so it does in a search that approximates from its first
// node (but not in one that approximates later).
func TestUnmarkedRoot(t *testing.T) {
	sys := ownedSystem(t)
	owned := ownedArrays(sys)
	finals := func(c *translate.Cube) []string {
		var out []string
		for _, e := range c.Events {
			if e.Final {
				out = append(out, e.String())
			}
		}
		return out
	}
	require.Len(t, sys.Unsafe, 2)
	for _, p := range sys.Unsafe {
		require.Len(t, finals(p.Cube), 2, p.Name)
		require.Same(t, p.Cube, owned.unmarkedRoot(p.Cube, memmodel.PSO), p.Name)
	}
	for _, mm := range []memmodel.Model{memmodel.TSO, memmodel.SC} {
		require.Equal(t, []string{"R! #2 Own[#1]"}, finals(owned.unmarkedRoot(sys.Unsafe[0].Cube, mm)), mm.Name())
		require.Empty(t, finals(owned.unmarkedRoot(sys.Unsafe[1].Cube, mm)), mm.Name())
	}
	later := ownedArrays(sys).forSearch(Options{Oracle: nilOracle{}, ApproxAfter: 200})
	require.Empty(t, finals(later.unmarkedRoot(sys.Unsafe[1].Cube, memmodel.TSO)))
	first := ownedArrays(sys).forSearch(Options{Oracle: nilOracle{}})
	require.Same(t, sys.Unsafe[1].Cube, first.unmarkedRoot(sys.Unsafe[1].Cube, memmodel.TSO))
}

// nilOracle is an oracle that has explored nothing.
type nilOracle struct{}

func (nilOracle) Reached(*translate.Cube) bool { return true }
func (nilOracle) MaxVars() int                 { return 0 }
