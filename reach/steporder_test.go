package reach

import (
	"testing"

	"github.com/cubew/cubew/memmodel"
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
