package reach

import (
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestReadsFromChoicesPSO: under PSO a process's own later read may skip
// its new write (it then reads a later write of another process: write
// before read), and another process's read that skips the write gets no
// from-read edge.
func TestReadsFromChoicesPSO(t *testing.T) {
	st, outs := ownWriteChoices(t, memmodel.PSO)
	require.Len(t, outs, 4, "each read reads the write or not")
	const own, other, w = 0, 1, 2
	for _, o := range outs {
		unsat := unsatReads(o.lits, st.events)
		require.Equal(t, unsat.Has(own), o.rel.Lt(w, own), "the own read skips the write exactly when the write is before it")
		require.False(t, o.rel.Lt(own, w), "no from-read from the own read")
		require.Equal(t, !unsat.Has(other), o.rel.Lt(w, other), "rfe exactly when the other read reads the write")
		require.False(t, o.rel.Lt(other, w), "no from-read when the other read skips the write")
	}
}

// TestNoCoherenceAcrossProcessesPSO: a new write gets no coherence edge to
// a later write of another process to its location under PSO; under TSO
// it does.
func TestNoCoherenceAcrossProcessesPSO(t *testing.T) {
	x, _, _ := weakSymbols(t)
	c := &translate.Cube{NVars: 2, Events: []translate.Event{ev(translate.Write, 2, x)}, Rel: translate.NewRel(1)}
	one := translate.NumTerm(bigInt(1))
	for _, mm := range []memmodel.Model{memmodel.TSO, memmodel.PSO} {
		st := newWeakStep(c, 1, mm)
		ok, err := st.addWrites([]write{{loc: ev(translate.Write, 1, x), value: one}}, false)
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, mm == memmodel.TSO, st.rel.Lt(1, 0), mm.Name())
	}
}

// TestReadOfNewWriteBeforeLaterWrites: a read that reads a new write is
// before the cube's writes ordered after that write (here #1's later
// write to X): a read that is already after such a write cannot read the
// new write.
func TestReadOfNewWriteBeforeLaterWrites(t *testing.T) {
	x, _, _ := weakSymbols(t)
	one := translate.NumTerm(bigInt(1))
	// e0: #2 reads X = 1; e1: a later write of #1 to X, already before e0.
	rel := translate.NewRel(2)
	rel.AddLt(1, 0)
	c := &translate.Cube{NVars: 2, Events: []translate.Event{ev(translate.Read, 2, x), ev(translate.Write, 1, x)}, Rel: rel}
	lits := []translate.Literal{translate.NewLiteral(translate.Eq, translate.ValTerm(x, translate.EventProc(0)), one)}
	st := newWeakStep(c, 1, memmodel.PSO)
	ok, err := st.addWrites([]write{{loc: ev(translate.Write, 1, x), value: one}}, false)
	require.NoError(t, err)
	require.True(t, ok)
	outs, err := st.rfChoices(lits)
	require.NoError(t, err)
	require.Len(t, outs, 1, "reading #1's earlier write would go back past e1")
	require.True(t, unsatReads(outs[0].lits, st.events).Has(0))
}

// TestReadsInitialValues: an unsatisfied read reads the initial value, so
// it is before every write to its location; a cube where such a write is
// already before the read does not meet the initial states.
func TestReadsInitialValues(t *testing.T) {
	x, y, _ := weakSymbols(t)
	one := translate.NumTerm(bigInt(1))
	cube := func(events []translate.Event, lt, eq [][2]int) *translate.Cube {
		rel := translate.NewRel(len(events))
		for _, e := range eq {
			rel.AddEq(e[0], e[1])
		}
		for _, e := range lt {
			rel.AddLt(e[0], e[1])
		}
		lits := []translate.Literal{translate.NewLiteral(translate.Ne, translate.ValTerm(x, translate.EventProc(0)), one)}
		return &translate.Cube{NVars: 2, Lits: lits, Events: events, Rel: rel}
	}
	rx, wx, wy := ev(translate.Read, 1, x), ev(translate.Write, 2, x), ev(translate.Write, 2, y)
	cases := []struct {
		name string
		c    *translate.Cube
		want bool
	}{
		{"write of the location before the read", cube([]translate.Event{rx, wx}, [][2]int{{1, 0}}, nil), false},
		{"write of the location unordered", cube([]translate.Event{rx, wx}, nil, nil), true},
		{"write of the location after the read", cube([]translate.Event{rx, wx}, [][2]int{{0, 1}}, nil), true},
		{"write of another location before the read", cube([]translate.Event{rx, wy}, [][2]int{{1, 0}}, nil), true},
		{"write of the read's own locked transition", cube([]translate.Event{rx, wx}, nil, [][2]int{{0, 1}}), true},
	}
	for _, c := range cases {
		require.Equal(t, c.want, readsInitialValues(c.c), c.name)
	}
}

// TestCollectKeepsFirstWritesPerProcessAndLocation: under PSO a new write
// of #1 to X is ordered before #1's writes to X only, so the first of
// them is kept although it is neither #1's first write nor X's first
// write; under TSO it is dropped.
func TestCollectKeepsFirstWritesPerProcessAndLocation(t *testing.T) {
	x, y, _ := weakSymbols(t)
	// e0: #1 writes Y; e1: #2 writes X; e2: #1 writes X; e3: #3 reads X,
	// unsatisfied. e0 → e2, e1 → e2 → e3.
	events := []translate.Event{ev(translate.Write, 1, y), ev(translate.Write, 2, x), ev(translate.Write, 1, x), ev(translate.Read, 3, x)}
	tso, pso := collectBoth(events, [2]int{0, 2}, [2]int{1, 2}, [2]int{2, 3})
	require.Equal(t, translate.Of(0)|translate.Of(1)|translate.Of(3), tso, "tso")
	require.Equal(t, translate.Of(0)|translate.Of(1)|translate.Of(2)|translate.Of(3), pso, "pso")
}

// collectBoth returns the events collect keeps under TSO and under PSO of
// events ordered by lt, whose last event is an unsatisfied read.
func collectBoth(events []translate.Event, lt ...[2]int) (tso, pso translate.Set) {
	rel := translate.NewRel(len(events))
	for _, e := range lt {
		rel.AddLt(e[0], e[1])
	}
	u := events[len(events)-1]
	lits := []translate.Literal{translate.NewLiteral(translate.Eq, translate.ValTerm(u.Loc, translate.EventProc(len(events)-1)), translate.NumTerm(bigInt(1)))}
	return collect(lits, events, rel, true, 0), collect(lits, events, rel, false, 0)
}

// TestCollectKeepsFirstFencesPSO: under PSO a new write of #1 to Y is
// ordered before #1's fence but not before #1's write to X that precedes
// the fence: the fence is kept.
func TestCollectKeepsFirstFencesPSO(t *testing.T) {
	x, _, _ := weakSymbols(t)
	// e0: #1 writes X; e1: #1's fence; e2: #2 reads X, unsatisfied.
	// e0 → e1 → e2.
	events := []translate.Event{ev(translate.Write, 1, x), ev(translate.Fence, 1, nil), ev(translate.Read, 2, x)}
	tso, pso := collectBoth(events, [2]int{0, 1}, [2]int{1, 2})
	require.Equal(t, translate.Of(0)|translate.Of(2), tso, "tso")
	require.Equal(t, translate.Of(0)|translate.Of(1)|translate.Of(2), pso, "pso")
}

// TestSkippedLockedWriteBeforeReadPSO: a write of a locked transition
// reaches memory at the transition's step, before a later transition's
// read of another process that skips it; a buffered write may reach
// memory after that read: no edge.
func TestSkippedLockedWriteBeforeReadPSO(t *testing.T) {
	x, y, _ := weakSymbols(t)
	for _, locked := range []bool{true, false} {
		st, outs := pairChoices(t, memmodel.PSO, x, y, []translate.Event{ev(translate.Read, 2, x)}, translate.NewRel(1), locked)
		w := st.writes[0]
		require.Len(t, outs, 2, "the read reads the write or not")
		for _, o := range outs {
			if unsatReads(o.lits, st.events).Has(0) {
				require.Equal(t, locked, o.rel.Lt(w, 0), "locked %v", locked)
				require.False(t, o.rel.Lt(0, w), "no from-read")
			}
		}
	}
}

// TestReadOfNewWriteAfterEarlierWritesPSO: a read that reads a new write
// comes after every write to the location that is before it (coherence:
// the new write reaches memory after them); a write not ordered before
// the read gets no edge.
func TestReadOfNewWriteAfterEarlierWritesPSO(t *testing.T) {
	x, y, _ := weakSymbols(t)
	// e0: #2 writes X; e1: #3 reads X; e0 → e1 or unordered.
	for _, before := range []bool{true, false} {
		rel := translate.NewRel(2)
		if before {
			rel.AddLt(0, 1)
		}
		st, outs := pairChoices(t, memmodel.PSO, x, y, []translate.Event{ev(translate.Write, 2, x), ev(translate.Read, 3, x)}, rel, false)
		w := st.writes[0]
		read := 0
		for _, o := range outs {
			if !unsatReads(o.lits, st.events).Has(1) {
				read++
				require.Equal(t, before, o.rel.Lt(0, w), "before %v", before)
				require.False(t, o.rel.Lt(w, 0), "no coherence edge the other way")
			}
		}
		require.Equal(t, 1, read)
	}
}

// TestCollectKeepsLastWritesBeforeReadsPSO: under PSO the last write to
// X before an unsatisfied read of X is kept (the write the read comes to
// read is after it), although it is not a first write; under TSO it is
// dropped, and so is a last write to X before a read of Y.
func TestCollectKeepsLastWritesBeforeReadsPSO(t *testing.T) {
	x, y, _ := weakSymbols(t)
	// e0: #1 writes X; e1: #1 writes X; e2: #2 reads X (then Y), unsatisfied.
	// e0 → e1 → e2.
	for _, loc := range []*syntax.Symbol{x, y} {
		events := []translate.Event{ev(translate.Write, 1, x), ev(translate.Write, 1, x), ev(translate.Read, 2, loc)}
		tso, pso := collectBoth(events, [2]int{0, 1}, [2]int{1, 2})
		require.Equal(t, translate.Of(0)|translate.Of(2), tso, "tso")
		want := translate.Of(0) | translate.Of(2)
		if loc == x {
			want |= translate.Of(1)
		}
		require.Equal(t, want, pso, "pso, read of %s", loc.Name)
	}
}

// TestSearchModelPSO: under PSO the search takes coherence from the order
// of generation (the rules of TSO) exactly when no process can have two
// writes to different locations pending: one weak location, or every
// weak write in a transition that also reads weak memory.
func TestSearchModelPSO(t *testing.T) {
	const head = "type loc = A | B\narray PC[proc] : loc\n"
	cases := []struct {
		name, src string
		inOrder   bool
	}{
		{"one weak variable, buffered writes", "weak var X : int\ninit (p) { X = 0 }\n" +
			"transition t ([p]) requires { PC[p] = A } { X := 1 }\n", true},
		{"two weak variables, locked writes only", "weak var X : int\nweak var Y : int\ninit (p) { X = 0 }\n" +
			"transition t ([p]) requires { Y = 0 } { X := 1 }\ntransition u ([p]) requires { X = 1 } { Y := X }\n", true},
		{"two weak variables, a buffered write", "weak var X : int\nweak var Y : int\ninit (p) { X = 0 }\n" +
			"transition t ([p]) requires { Y = 0 } { X := 1 }\ntransition u ([p]) requires { PC[p] = A } { Y := 1 }\n", false},
		{"a weak array, a buffered write", "weak array W[proc] : int\ninit (p) { W[p] = 0 }\n" +
			"transition t ([p]) requires { PC[p] = A } { W[p] := 1 }\n", false},
	}
	for _, c := range cases {
		m, err := syntax.ParseAndCheck("s.cub", []byte(head+c.src), syntax.CheckOptions{})
		require.NoError(t, err, c.name)
		sys, err := translate.Build(m)
		require.NoError(t, err, c.name)
		require.Equal(t, c.inOrder, memmodel.WritesInProgramOrder(searchModel(sys, memmodel.PSO)), c.name)
		require.True(t, memmodel.WritesInProgramOrder(searchModel(sys, memmodel.TSO)), c.name)
		require.Equal(t, "pso", searchModel(sys, memmodel.PSO).Name(), c.name)
	}
}
