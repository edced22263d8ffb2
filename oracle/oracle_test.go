package oracle

import (
	"context"
	"math/big"
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

// TestReached: over the instances with 1..3 processes (MaxVars 2, plus
// one) of a lock where a process enters only by taking the free lock,
// one process in the critical section is reached, two never are, and a
// cube with more variables than MaxVars counts as reached.
func TestReached(t *testing.T) {
	m, err := syntax.Load("../decide/testdata/brab_lock.cub", syntax.CheckOptions{SC: true})
	require.NoError(t, err)
	sys, err := translate.Build(m)
	require.NoError(t, err)
	o, err := New(context.Background(), m, memmodel.SC, 2, 0)
	require.NoError(t, err)
	require.Empty(t, o.Partial)
	require.Equal(t, 2, o.MaxVars())
	require.Equal(t, 2+2+2, o.States, "up to process permutations: all idle, or one in the critical section")
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
// instances of a cache whose init relates data values are explored (up
// to permutations, 1 process: 2 states, 2 processes: 3, 3 processes: 4);
// their control states answer, and a cube over two valid lines is
// reached.
func TestReachedAbstractData(t *testing.T) {
	m, err := syntax.Load("testdata/data_cache.cub", syntax.CheckOptions{SC: true})
	require.NoError(t, err)
	o, err := New(context.Background(), m, memmodel.SC, 2, 0)
	require.NoError(t, err)
	require.Empty(t, o.Partial)
	require.Equal(t, 2+3+4, o.States)
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
// participant (S[#1] Idle or Busy, Home's cell stays Idle), 3 with two
// and 3 with three (up to permutations of the participants: the third
// is the unsafe one, where the exploration stops). Two busy participants
// are reached (the model is unsafe). Home and the outside process's cell
// are never read: dead cells, which the oracle's states do not know.
func TestOutsideProcess(t *testing.T) {
	m, err := syntax.Load("testdata/home_outside.cub", syntax.CheckOptions{SC: true})
	require.NoError(t, err)
	o, err := New(context.Background(), m, memmodel.SC, 2, 0)
	require.NoError(t, err)
	require.Equal(t, 2+3+3, o.States)
	require.Equal(t, "instance with 2 processes: an unsafe state is reachable", o.Partial)
	for k, in := range o.instances {
		for _, st := range in.states {
			require.Nil(t, st.Value("Home", nil))
			require.Nil(t, st.Value("S", []int{k + 2}))
			require.NotNil(t, st.Value("S", []int{k + 1}), "a participant's cell is live")
		}
	}
	busy := func(p translate.Proc) translate.Literal {
		return translate.NewLiteral(translate.Eq, translate.StateTerm(m.Symbols["S"], p), translate.CtorTerm("Busy"))
	}
	two, ok := translate.NewCube([]translate.Literal{busy(1), busy(2)})
	require.True(t, ok)
	require.True(t, o.Reached(two))
}

// TestReachedTicketLock: the ticket lock's counters grow without bound,
// but keyed up to a common shift of its integers (and with the ticket of
// an idle or critical process dead, up to permutations) each instance is
// finite and explored completely: 3, 5 and 7 states with 1, 2 and 3
// processes. Its answers: two waiting processes never hold the same
// ticket, a waiting ticket is below Next; a waiting ticket above Serving
// beside an idle process needs the third process (holding the lock); a
// comparison with a number is not looked at (Serving = 5 is reached in
// some shift).
func TestReachedTicketLock(t *testing.T) {
	m, err := syntax.Load("../examples/ticket_lock.cub", syntax.CheckOptions{SC: true})
	require.NoError(t, err)
	o, err := New(context.Background(), m, memmodel.SC, 2, 0)
	require.NoError(t, err)
	require.Empty(t, o.Partial)
	for _, in := range o.instances {
		require.True(t, in.shifted)
	}
	require.Equal(t, 3, o.Largest())
	require.Equal(t, 3+5+7, o.States)
	phase := func(p translate.Proc, c string) translate.Literal {
		return translate.NewLiteral(translate.Eq, translate.StateTerm(m.Symbols["Phase"], p), translate.CtorTerm(c))
	}
	ticket := func(p translate.Proc) *translate.Term { return translate.StateTerm(m.Symbols["Ticket"], p) }
	next, serving := translate.StateTerm(m.Symbols["Next"]), translate.StateTerm(m.Symbols["Serving"])
	cases := []reachCase{
		{[]translate.Literal{phase(1, "Waiting"), phase(2, "Waiting"), translate.NewLiteral(translate.Eq, ticket(1), ticket(2))}, false},
		{[]translate.Literal{phase(1, "Waiting"), translate.NewLiteral(translate.Le, next, ticket(1))}, false},
		{[]translate.Literal{phase(1, "Waiting"), phase(2, "Waiting"), translate.NewLiteral(translate.Lt, ticket(1), ticket(2))}, true},
		{[]translate.Literal{phase(2, "Idle"), translate.NewLiteral(translate.Lt, serving, ticket(1))}, true},
		{[]translate.Literal{phase(1, "Critical"), translate.NewLiteral(translate.Eq, serving, translate.NumTerm(big.NewRat(5, 1)))}, true},
		{[]translate.Literal{phase(1, "Critical"), translate.NewLiteral(translate.Eq, next, serving)}, false},
	}
	requireReached(t, o, cases)
	require.Len(t, cases, 6)
}

// reachCase is a cube, by its literals, and whether the oracle reaches it.
type reachCase struct {
	lits    []translate.Literal
	reached bool
}

// requireReached checks o's answer on each case.
func requireReached(t *testing.T, o *Oracle, cases []reachCase) {
	t.Helper()
	for _, tc := range cases {
		c, ok := translate.NewCube(tc.lits)
		require.True(t, ok)
		require.Equal(t, tc.reached, o.Reached(c), "%s", c)
	}
}
