package translate_test

import (
	"math/rand"
	"testing"

	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

func TestRelClosure(t *testing.T) {
	r := translate.NewRel(4)
	r.AddLt(0, 1)
	r.AddLt(1, 2)
	require.True(t, r.Lt(0, 2), "transitive")
	require.False(t, r.Lt(2, 0))
	require.True(t, r.Acyclic())
	r.AddEq(2, 3) // 3 joins 2's class: what is before 2 is before 3
	require.True(t, r.Lt(0, 3))
	require.True(t, r.Lt(1, 3))
	require.True(t, r.Eq(3, 2))
	require.False(t, r.Lt(2, 3), "ghb-equal events are not ghb-ordered")
	require.True(t, r.Acyclic())
	r.AddLt(3, 0) // 0 < 1 < 2 = 3 < 0
	require.False(t, r.Acyclic())
}

func TestRelEdgeInsideClassIsCycle(t *testing.T) {
	r := translate.NewRel(2)
	r.AddEq(0, 1)
	require.True(t, r.Acyclic())
	r.AddLt(0, 1)
	require.False(t, r.Acyclic())
}

func TestRelEqAfterEdges(t *testing.T) {
	// Merging classes must carry each member's successors and predecessors.
	r := translate.NewRel(5)
	r.AddLt(0, 1) // 0 < 1
	r.AddLt(2, 3) // 2 < 3
	r.AddEq(1, 2) // 1 = 2
	require.True(t, r.Lt(0, 3))
	require.True(t, r.Lt(0, 2))
	require.True(t, r.Lt(1, 3))
	r.AddLt(3, 4)
	require.True(t, r.Lt(0, 4))
	require.True(t, r.Acyclic())
}

// naiveAcyclic decides acyclicity of (lt ∪ eq)+ \ eq by contracting the
// eq classes and searching the quotient graph for a cycle by DFS.
func naiveAcyclic(n int, lt, eq [][2]int) bool {
	class := make([]int, n)
	for i := range class {
		class[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for class[i] != i {
			i = class[i]
		}
		return i
	}
	for _, e := range eq {
		class[find(e[0])] = find(e[1])
	}
	adj := map[int][]int{}
	for _, e := range lt {
		a, b := find(e[0]), find(e[1])
		if a == b {
			return false
		}
		adj[a] = append(adj[a], b)
	}
	state := make([]int, n) // 0 new, 1 on stack, 2 done
	var dfs func(int) bool
	dfs = func(v int) bool {
		state[v] = 1
		for _, w := range adj[v] {
			if state[w] == 1 || state[w] == 0 && !dfs(w) {
				return false
			}
		}
		state[v] = 2
		return true
	}
	for v := 0; v < n; v++ {
		if state[find(v)] == 0 && !dfs(find(v)) {
			return false
		}
	}
	return true
}

// randomRelation returns n events with random ghb and ghb-equal pairs.
func randomRelation(rng *rand.Rand) (int, [][2]int, [][2]int) {
	n := 2 + rng.Intn(7)
	var lt, eq [][2]int
	for k := rng.Intn(2 * n); k > 0; k-- {
		lt = append(lt, [2]int{rng.Intn(n), rng.Intn(n)})
	}
	for k := rng.Intn(3); k > 0; k-- {
		eq = append(eq, [2]int{rng.Intn(n), rng.Intn(n)})
	}
	return n, lt, eq
}

func TestRelAgreesWithNaiveCycleSearch(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	cyclic := 0
	for k := 0; k < 5000; k++ {
		n, lt, eq := randomRelation(rng)
		r := translate.NewRel(n)
		// Add the pairs in a random order: closure must not depend on it.
		ops := make([]func(), 0, len(lt)+len(eq))
		for _, e := range eq {
			ops = append(ops, func() { r.AddEq(e[0], e[1]) })
		}
		for _, e := range lt {
			ops = append(ops, func() { r.AddLt(e[0], e[1]) })
		}
		rng.Shuffle(len(ops), func(i, j int) { ops[i], ops[j] = ops[j], ops[i] })
		for _, op := range ops {
			op()
		}
		want := naiveAcyclic(n, lt, eq)
		require.Equal(t, want, r.Acyclic(), "n=%d lt=%v eq=%v", n, lt, eq)
		if !want {
			cyclic++
		}
	}
	require.Greater(t, cyclic, 500, "the sample should hold cyclic relations too")
	require.Less(t, cyclic, 4500, "and acyclic ones")
}
