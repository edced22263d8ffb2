package reach

import (
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestStepBeforeLaterEvents: with OrderingSteps under PSO, a step's
// locked write of X (it reads Y) is before the cube's events of another
// process (a read and a write of X), and a buffered write (its step reads
// nothing) before none; without OrderingSteps, and under TSO (where the
// relation is not one of time), the locked write gets only TSO's
// coherence edge to the later write.
func TestStepBeforeLaterEvents(t *testing.T) {
	x, y, _ := weakSymbols(t)
	one := translate.NumTerm(bigInt(1))
	c := &translate.Cube{NVars: 2, Events: []translate.Event{ev(translate.Read, 2, y), ev(translate.Write, 2, x)}, Rel: translate.NewRel(2)}
	cases := []struct {
		name        string
		mm          memmodel.Model
		locked      bool
		read, write bool // the new write is before the cube's read, write
	}{
		{"ordered pso, locked", OrderingSteps(memmodel.PSO), true, true, true},
		{"ordered pso, buffered", OrderingSteps(memmodel.PSO), false, false, false},
		{"pso, locked", memmodel.PSO, true, false, false},
		{"ordered tso, locked", OrderingSteps(memmodel.TSO), true, false, true},
	}
	for _, tc := range cases {
		st := newWeakStep(c, 1, tc.mm)
		if tc.locked {
			st.reads = append(st.reads, len(st.events))
			st.events = append(st.events, ev(translate.Read, 1, y))
		}
		ok, err := st.addWrites([]write{{loc: ev(translate.Write, 1, x), value: one}}, false)
		require.NoError(t, err)
		require.True(t, ok, tc.name)
		w := st.writes[0]
		require.Equal(t, tc.read, st.rel.Lt(w, 0), "%s: write before the later read", tc.name)
		require.Equal(t, tc.write, st.rel.Lt(w, 1), "%s: write before the later write", tc.name)
	}
}

// lamportCube is the cube of lamport_N's spurious pso trace just before
// the pre-image by #1's write of X: #2 wrote X (e0) and fenced (e1) at a
// step before #1's fence (e2); #1's fenced read of X (e3, unsatisfied,
// value 1) is later, and #2's fenced read of X (e4, satisfied by e0 from
// memory, marked) later still. With timed, the relation has the order of
// those steps (what OrderingSteps gave when they were generated);
// without, only program order, fences and reads-from.
func lamportCube(x *syntax.Symbol, timed bool) (*translate.Cube, []translate.Literal) {
	const xB, fB, fA, rA, rB = 0, 1, 2, 3, 4
	rb := ev(translate.Read, 2, x)
	rb.Sourced = true
	events := []translate.Event{ev(translate.Write, 2, x), ev(translate.Fence, 2, nil), ev(translate.Fence, 1, nil), ev(translate.Read, 1, x), rb}
	rel := translate.NewRel(len(events))
	rel.AddLt(xB, fB)
	rel.AddLt(fB, rB)
	rel.AddLt(fA, rA)
	if timed {
		rel.AddLt(fB, fA)
		rel.AddLt(rA, rB)
	}
	value := translate.NewLiteral(translate.Eq, translate.ValTerm(x, translate.EventProc(rA)), translate.NumTerm(bigInt(1)))
	return &translate.Cube{NVars: 2, Events: events, Rel: rel}, []translate.Literal{value}
}

// TestTimedReadsOfOneLocation pins the law lamport_N needs under pso
// (steporder.go): two fenced reads of X by different processes, in
// time order, that read different writes from memory read them in
// coherence order. #1's new write of X (value 1) may satisfy #1's read;
// that outcome is refuted only when the cube has the order of the steps
// and #2's read keeps its obligation (marked): then #2's write is before
// #1's (#1's read reads memory after it) and #2's read before #1's write
// (#2's read is later and reads the older write), a cycle through #1's
// fence. The other outcome (#1's read reads another process's write,
// visible after #1's) stays in every case.
func TestTimedReadsOfOneLocation(t *testing.T) {
	x, _, _ := weakSymbols(t)
	one := translate.NumTerm(bigInt(1))
	cases := []struct {
		name     string
		mm       memmodel.Model
		timed    bool
		outcomes int
	}{
		{"pso, timed cube", memmodel.PSO, true, 2},
		{"obligations, untimed cube", KeepingObligations(memmodel.PSO), false, 2},
		{"obligations, timed cube", KeepingObligations(memmodel.PSO), true, 1},
		{"both, timed cube", OrderingSteps(KeepingObligations(memmodel.PSO)), true, 1},
		{"both the other way round, timed cube", KeepingObligations(OrderingSteps(memmodel.PSO)), true, 1},
	}
	for _, tc := range cases {
		c, lits := lamportCube(x, tc.timed)
		st := newWeakStep(c, 1, tc.mm)
		ok, err := st.addWrites([]write{{loc: ev(translate.Write, 1, x), value: one}}, false)
		require.NoError(t, err)
		require.True(t, ok, tc.name)
		outs, err := st.rfChoices(lits)
		require.NoError(t, err)
		require.Len(t, outs, tc.outcomes, tc.name)
		require.NotZero(t, unsatReads(outs[0].lits, st.events), "%s: #1's read stays unsatisfied in the first outcome", tc.name)
		if tc.outcomes == 2 {
			require.Zero(t, unsatReads(outs[1].lits, st.events), "%s: #1's read reads #1's write in the second", tc.name)
		}
	}
}
