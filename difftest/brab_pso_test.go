package difftest

import (
	"context"
	"slices"
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestBrabGeneratedPSO compares generated pso models, searched with the
// step order and the coherence obligations from the start
// (reach.OrderingSteps(reach.KeepingObligations(pso))) and invariant
// inference from the first node (oracle over 1..2 processes), with the
// explicit engine: no disagreement over 100 models (1 beyond the
// explicit engine's budget), 24 SAFE answers with inferred invariants,
// 5 of those invariants keeping final reads. All 5 come from the reads
// of a node's own step (reach/approx_now.go): without that kind the
// same seeds give 21 SAFE answers with inferred invariants and none with
// a read, and the same verdicts. A run of 600 seeds from the same first
// one: 588 compared, 0 disagreements, 26 such invariants (5 without the
// kind).
func TestBrabGeneratedPSO(t *testing.T) {
	b := DefaultBudget
	b.Brab = 2
	var tally Tally
	inferred, withReads := 0, 0
	RunSeeds(context.Background(), reach.OrderingSteps(reach.KeepingObligations(memmodel.PSO)), 32_000_000, 100, b, func(o *Outcome) {
		tally.Add(o.Class)
		if o.Class.Disagreement() || o.Class == ClassError {
			t.Errorf("%s", o.Report())
		}
		if o.Reach == nil || len(o.Reach.Inferred) == 0 {
			return
		}
		inferred++
		for _, c := range o.Reach.Inferred {
			if len(c.Events) > 0 && !slices.ContainsFunc(c.Events, func(e translate.Event) bool { return !e.Final }) {
				withReads++
			}
		}
	})
	t.Logf("%s; %d SAFE with inferred invariants, %d invariants with final reads", &tally, inferred, withReads)
	require.Equal(t, 100, tally.Total())
	require.Equal(t, 99, tally.Compared())
	require.Zero(t, tally.Disagreements())
	require.Equal(t, 24, inferred)
	require.Equal(t, 5, withReads)
}
