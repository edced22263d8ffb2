package oracle

import (
	"context"
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestForAssignments counts the injective maps of k variables to n
// processes: n!/(n-k)!.
func TestForAssignments(t *testing.T) {
	for _, tc := range []struct{ n, k, want int }{{1, 1, 1}, {2, 1, 2}, {2, 2, 2}, {3, 2, 6}, {3, 3, 6}, {4, 0, 1}} {
		got := 0
		forAssignments(tc.n, tc.k, func(a []int) bool {
			seen := map[int]bool{}
			for _, q := range a {
				require.False(t, seen[q])
				seen[q] = true
			}
			got++
			return true
		})
		require.Equal(t, tc.want, got, "n=%d k=%d", tc.n, tc.k)
	}
}

// TestReached: over the instances with 1..2 processes of a lock where a
// process enters only by taking the free lock, one process in the
// critical section is reached, two never are, and a cube with more
// variables than processes counts as reached.
func TestReached(t *testing.T) {
	m, err := syntax.Load("../decide/testdata/brab_lock.cub", syntax.CheckOptions{SC: true})
	require.NoError(t, err)
	sys, err := translate.Build(m)
	require.NoError(t, err)
	o, err := New(context.Background(), m, memmodel.SC, 2, 0)
	require.NoError(t, err)
	require.Empty(t, o.Partial)
	require.Equal(t, 2, o.MaxVars())
	require.Equal(t, 2+3, o.States, "1 process: 2 states; 2 processes: 3")
	sym := m.Symbols["S"]
	crit := func(p translate.Proc) translate.Literal {
		return translate.NewLiteral(translate.Eq, translate.StateTerm(sym, p), translate.CtorTerm("Crit"))
	}
	one, ok := translate.NewCube([]translate.Literal{crit(1)})
	require.True(t, ok)
	two, ok := translate.NewCube([]translate.Literal{crit(1), crit(2)})
	require.True(t, ok)
	three, ok := translate.NewCube([]translate.Literal{crit(1), crit(2), crit(3)})
	require.True(t, ok)
	require.True(t, o.Reached(one))
	require.False(t, o.Reached(two))
	require.True(t, o.Reached(three))
	require.Equal(t, sys.Unsafe[0].Cube.Key(), two.Key())
	require.False(t, o.Reached(sys.Unsafe[0].Cube))
}

// TestReachedAbstractData: an abstract type gets one value, so the
// instances of a cache whose init relates data values are explored (1
// process: 2 states, 2 processes: 4); their control states answer, and a
// cube over two valid lines is reached.
func TestReachedAbstractData(t *testing.T) {
	m, err := syntax.Load("testdata/data_cache.cub", syntax.CheckOptions{SC: true})
	require.NoError(t, err)
	o, err := New(context.Background(), m, memmodel.SC, 2, 0)
	require.NoError(t, err)
	require.Empty(t, o.Partial)
	require.Equal(t, 2+4, o.States)
	valid := func(p translate.Proc) translate.Literal {
		return translate.NewLiteral(translate.Eq, translate.StateTerm(m.Symbols["S"], p), translate.CtorTerm("Valid"))
	}
	two, ok := translate.NewCube([]translate.Literal{valid(1), valid(2)})
	require.True(t, ok)
	require.True(t, o.Reached(two))
	require.Equal(t, syntax.TAbstract, m.Types["data"].Kind, "the model itself is left as it was")
}

// TestNoInitialState: a model whose init holds in no state gives no
// oracle, which would otherwise call every cube unreached.
func TestNoInitialState(t *testing.T) {
	m, err := syntax.Load("testdata/no_init.cub", syntax.CheckOptions{SC: true})
	require.NoError(t, err)
	o, err := New(context.Background(), m, memmodel.SC, 2, 0)
	require.EqualError(t, err, "oracle, instance with 1 processes: no initial state: no state of this instance satisfies init")
	require.Nil(t, o)
}

// TestOutsideProcess: `init (p) { Home <> p && ... }` holds in no finite
// instance; the oracle gives each instance of k participants one more
// process, k+1, that Home names and that never acts: 2 states with one
// participant (S[#1] Idle or Busy, Home's cell stays Idle), 4 with two.
// Two busy participants are reached (the model is unsafe), three are
// beyond the oracle.
func TestOutsideProcess(t *testing.T) {
	m, err := syntax.Load("testdata/home_outside.cub", syntax.CheckOptions{SC: true})
	require.NoError(t, err)
	o, err := New(context.Background(), m, memmodel.SC, 2, 0)
	require.NoError(t, err)
	require.Equal(t, 2+4, o.States)
	require.Equal(t, "instance with 2 processes: an unsafe state is reachable", o.Partial)
	for k, states := range o.instances {
		for _, st := range states {
			require.Equal(t, translate.ProcTerm(translate.Proc(-(k + 2))), st.Value("Home", nil))
			require.Equal(t, translate.CtorTerm("Idle"), st.Value("S", []int{k + 2}), "the outside process never acts")
		}
	}
	busy := func(p translate.Proc) translate.Literal {
		return translate.NewLiteral(translate.Eq, translate.StateTerm(m.Symbols["S"], p), translate.CtorTerm("Busy"))
	}
	two, ok := translate.NewCube([]translate.Literal{busy(1), busy(2)})
	require.True(t, ok)
	require.True(t, o.Reached(two))
}
