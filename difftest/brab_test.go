package difftest

import (
	"context"
	"slices"
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestBrabGenerated compares generated tso models, whose unsafe formulas
// read weak variables (`p1 @ X2 = p1`), searched with invariant inference
// from the first node (oracle over 1..3 processes), with the explicit
// engine: no disagreement over 40 models, and 5 inferred invariants that
// keep a final read (`PC[#1] = L2 && val(e0) = True`: 2000590, 2000594,
// 2000820 twice, 2000837) and 1 that forgets a process known only by
// a read and keeps transitions' events (2000837), each proved. The seeds are two stretches of
// a run of 1,500 (2000000..2001499: 0 disagreements, 14 such
// invariants).
func TestBrabGenerated(t *testing.T) {
	b := DefaultBudget
	b.Brab = 3
	var tally Tally
	weak, forgot := 0, 0
	each := func(o *Outcome) {
		tally.Add(o.Class)
		if o.Class.Disagreement() || o.Class == ClassError {
			t.Errorf("%s", o.Report())
		}
		if o.Reach == nil {
			return
		}
		for _, c := range o.Reach.Inferred {
			switch {
			case len(c.Events) == 0:
			case slices.ContainsFunc(c.Events, func(e translate.Event) bool { return !e.Final }):
				forgot++ // a node without processes known only by reads (reach/approx_procs.go)
			default:
				weak++
			}
		}
	}
	RunSeeds(context.Background(), memmodel.TSO, 2_000_585, 15, b, each)
	RunSeeds(context.Background(), memmodel.TSO, 2_000_815, 25, b, each)
	t.Logf("%s; %d inferred with a final read, %d forgetting processes", &tally, weak, forgot)
	require.Equal(t, 40, tally.Total())
	require.Zero(t, tally.Disagreements())
	require.Equal(t, 5, weak)
	require.Equal(t, 1, forgot)
}
