package reach

import (
	"math/big"
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// weakSymbols returns the weak variables X, Y and array A of a tiny model.
func weakSymbols(t *testing.T) (x, y, a *syntax.Symbol) {
	t.Helper()
	src := `weak var X : int
weak var Y : int
weak array A[proc] : bool
array PC[proc] : bool
init (p) { X = 0 }
transition t ([p]) requires { PC[p] = True } { X := 1 }
`
	m, err := syntax.ParseAndCheck("w.cub", []byte(src), syntax.CheckOptions{})
	require.NoError(t, err)
	return m.Symbols["X"], m.Symbols["Y"], m.Symbols["A"]
}

func ev(kind translate.EventKind, p int, loc *syntax.Symbol, index ...translate.Proc) translate.Event {
	return translate.Event{Kind: kind, Proc: translate.Proc(p), Loc: loc, Index: index}
}

// TestOrderedEdges pins each kind of edge from a new event to a later one.
func TestOrderedEdges(t *testing.T) {
	x, y, a := weakSymbols(t)
	R, W, F := translate.Read, translate.Write, translate.Fence
	final := ev(R, 2, x)
	final.Final = true
	cases := []struct {
		name string
		mm   memmodel.Model
		x, y translate.Event
		want bool
	}{
		{"ppo R→R same process", memmodel.TSO, ev(R, 1, x), ev(R, 1, y), true},
		{"ppo R→W same process", memmodel.TSO, ev(R, 1, x), ev(W, 1, y), true},
		{"ppo W→W same process", memmodel.TSO, ev(W, 1, x), ev(W, 1, y), true},
		{"TSO drops W→R", memmodel.TSO, ev(W, 1, x), ev(R, 1, y), false},
		{"TSO drops W→R on one location too", memmodel.TSO, ev(W, 1, x), ev(R, 1, x), false},
		{"SC keeps W→R", memmodel.SC, ev(W, 1, x), ev(R, 1, y), true},
		{"PSO drops W→W", memmodel.PSO, ev(W, 1, x), ev(W, 1, y), false},
		{"no ppo across processes", memmodel.TSO, ev(R, 1, x), ev(R, 2, y), false},
		{"fence after earlier write", memmodel.TSO, ev(W, 1, x), ev(F, 1, nil), true},
		{"fence before later read", memmodel.TSO, ev(F, 1, nil), ev(R, 1, y), true},
		{"coherence: new write before later write of the location", memmodel.TSO, ev(W, 1, x), ev(W, 2, x), true},
		{"no coherence across locations", memmodel.TSO, ev(W, 1, x), ev(W, 2, y), false},
		{"no coherence across cells", memmodel.TSO, ev(W, 1, a, 1), ev(W, 2, a, 2), false},
		{"from-read: new read before later write of the location", memmodel.TSO, ev(R, 1, a, 2), ev(W, 2, a, 2), true},
		{"no from-read across locations", memmodel.TSO, ev(R, 1, x), ev(W, 2, y), false},
		{"reads before the final reads", memmodel.TSO, ev(R, 1, y), final, true},
		{"fences before the final reads", memmodel.TSO, ev(F, 1, nil), final, true},
		{"writes may follow the final reads", memmodel.TSO, ev(W, 1, y), final, false},
		{"PSO: no coherence between writes of different processes", memmodel.PSO, ev(W, 1, x), ev(W, 2, x), false},
		{"PSO: coherence between writes of one process", memmodel.PSO, ev(W, 1, x), ev(W, 1, x), true},
		{"PSO: from-read, the read is before the later write is issued", memmodel.PSO, ev(R, 1, x), ev(W, 2, x), true},
		{"PSO: write before the process's later fence", memmodel.PSO, ev(W, 1, x), ev(F, 1, nil), true},
	}
	for _, c := range cases {
		st := newWeakStep(&translate.Cube{}, 1, c.mm)
		require.Equal(t, c.want, st.ordered(c.x, c.y), c.name)
	}
}

// TestReadsFromChoices checks the rf/fr choices of a cube's unsatisfied
// reads when a new write to their location is generated.
func TestReadsFromChoices(t *testing.T) {
	st, outs := ownWriteChoices(t, memmodel.TSO)
	x := st.events[0].Loc
	// #1's own later read must read the write; #2's may or may not.
	require.Len(t, outs, 2)
	w := 2
	for _, o := range outs {
		for _, l := range o.lits {
			require.NotEqual(t, translate.ValTerm(x, translate.EventProc(0)), l.L, "the own read is satisfied: %s", l)
		}
		require.True(t, o.rel.Lt(w, 1) != o.rel.Lt(1, w), "either rf (w→r) or fr (r→w) for the other process")
	}
}

// ownWriteChoices builds a cube with later reads of X by #1 (e0) and #2
// (e1), both reading 1, lets #1 write X := 1 (e2) under mm, and returns
// the step and the reads-from outcomes.
func ownWriteChoices(t *testing.T, mm memmodel.Model) (*weakStep, []rfOutcome) {
	x, y, _ := weakSymbols(t)
	return pairChoices(t, mm, x, y, []translate.Event{ev(translate.Read, 1, x), ev(translate.Read, 2, x)}, translate.NewRel(2), false)
}

// pairChoices lets #1 write x := 1 under mm (read-modify-write when
// locked: the transition also reads y) after a cube with events and rel,
// where every read reads 1, and returns the step and the reads-from
// outcomes.
func pairChoices(t *testing.T, mm memmodel.Model, x, y *syntax.Symbol, events []translate.Event, rel translate.Rel, locked bool) (*weakStep, []rfOutcome) {
	one := translate.NumTerm(bigInt(1))
	var lits []translate.Literal
	for i, e := range events {
		if e.Kind == translate.Read {
			lits = append(lits, translate.NewLiteral(translate.Eq, translate.ValTerm(e.Loc, translate.EventProc(i)), one))
		}
	}
	if locked {
		lits = append(lits, translate.NewLiteral(translate.Eq, translate.ReadTerm(y), one))
	}
	st := newWeakStep(&translate.Cube{NVars: 3, Events: events, Rel: rel}, 1, mm)
	lits, ws := st.addReads(lits, []write{{loc: ev(translate.Write, 1, x), value: one}})
	ok, err := st.addWrites(ws, false)
	require.NoError(t, err)
	require.True(t, ok)
	outs, err := st.rfChoices(lits)
	require.NoError(t, err)
	return st, outs
}

// eventNode is the canonical node of events ordered by lt and eq (pairs
// of indices), whose reads i with hasValue(i) read 1.
func eventNode(t *testing.T, events []translate.Event, lt, eq [][2]int, hasValue func(int) bool) *node {
	rel := translate.NewRel(len(events))
	for _, e := range eq {
		rel.AddEq(e[0], e[1])
	}
	for _, e := range lt {
		rel.AddLt(e[0], e[1])
	}
	var lits []translate.Literal
	for i, e := range events {
		if e.Kind == translate.Read && hasValue(i) {
			lits = append(lits, translate.NewLiteral(translate.Eq, translate.ValTerm(e.Loc, translate.EventProc(i)), translate.NumTerm(bigInt(1))))
		}
	}
	cube, _, _, ok := translate.Canonicalize(lits, events, rel)
	require.True(t, ok)
	return &node{cube: cube}
}

// TestEventSubsumption checks that a visited cube covers a new one only
// under a mapping of processes and events that preserves every relation.
func TestEventSubsumption(t *testing.T) {
	x, y, _ := weakSymbols(t)
	mk := func(events []translate.Event, lt, eq [][2]int, vals map[int]bool) *node {
		return eventNode(t, events, lt, eq, func(i int) bool { return vals[i] })
	}
	rx, ry := ev(translate.Read, 1, x), ev(translate.Read, 2, y)
	wx := ev(translate.Write, 2, x)
	finalX := rx
	finalX.Final = true
	covers := func(v, n *node) bool { return newMatcher(n.facts()).includes(v.pattern()) }
	both := map[int]bool{0: true, 1: true}
	cases := []struct {
		name string
		v, n *node
		want bool
	}{
		{"same events and order", mk([]translate.Event{rx, wx}, [][2]int{{0, 1}}, nil, both), mk([]translate.Event{rx, wx}, [][2]int{{0, 1}}, nil, both), true},
		{"ghb pair missing in the new cube", mk([]translate.Event{rx, wx}, [][2]int{{0, 1}}, nil, both), mk([]translate.Event{rx, wx}, nil, nil, both), false},
		{"extra ghb pair in the new cube", mk([]translate.Event{rx, wx}, nil, nil, both), mk([]translate.Event{rx, wx}, [][2]int{{0, 1}}, nil, both), true},
		{"ghb-equal kept", mk([]translate.Event{rx, ry}, nil, [][2]int{{0, 1}}, both), mk([]translate.Event{rx, ry}, nil, [][2]int{{0, 1}}, both), true},
		{"ghb-equal missing", mk([]translate.Event{rx, ry}, nil, [][2]int{{0, 1}}, both), mk([]translate.Event{rx, ry}, [][2]int{{0, 1}}, nil, both), false},
		{"final read stands for a final read", mk([]translate.Event{finalX}, nil, nil, both), mk([]translate.Event{finalX}, nil, nil, both), true},
		{"ordinary read cannot stand for a final one", mk([]translate.Event{finalX}, nil, nil, both), mk([]translate.Event{rx}, nil, nil, both), false},
		{"final read can stand for an ordinary one", mk([]translate.Event{rx}, nil, nil, both), mk([]translate.Event{finalX}, nil, nil, both), true},
		{"different location", mk([]translate.Event{rx}, nil, nil, both), mk([]translate.Event{ev(translate.Read, 1, y)}, nil, nil, both), false},
		{"read is not a write", mk([]translate.Event{ev(translate.Write, 1, x)}, nil, nil, nil), mk([]translate.Event{rx}, nil, nil, nil), false},
		{"value constraint kept", mk([]translate.Event{rx}, nil, nil, both), mk([]translate.Event{rx}, nil, nil, both), true},
		{"value constraint missing", mk([]translate.Event{rx}, nil, nil, both), mk([]translate.Event{rx}, nil, nil, nil), false},
		{"more events in the visited cube", mk([]translate.Event{rx, ry}, nil, nil, both), mk([]translate.Event{rx}, nil, nil, both), false},
	}
	for _, c := range cases {
		require.Equal(t, c.want, covers(c.v, c.n), c.name)
	}
}

func bigInt(v int64) *big.Rat { return big.NewRat(v, 1) }
