package difftest

import (
	"context"
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/stretchr/testify/require"
)

// seedCounts is how many generated models TestDifferential compares per
// memory model (seeds 1..count): a few thousand in all, a few minutes on
// two loaded cores.
var seedCounts = []struct {
	model memmodel.Model
	count uint64
	// minCompared is the floor of cases where both engines answered (the
	// rest ran out of nodes or states); the test fails below it rather
	// than silently comparing less.
	minCompared int
}{
	{memmodel.SC, 1200, 1170},
	{memmodel.TSO, 700, 650},
	{memmodel.PSO, 250, 230},
}

// TestDifferential compares reach with the explicit oracle on a fixed set
// of generated models under sc, tso and pso. A disagreement fails with the
// model's text, name, seed and both answers; so does a model an engine
// rejects (the generator makes well-typed models only).
func TestDifferential(t *testing.T) {
	for _, sc := range seedCounts {
		t.Run(sc.model.Name(), func(t *testing.T) {
			tally := RunSeeds(context.Background(), sc.model, 1, sc.count, DefaultBudget, func(o *Outcome) {
				if o.Class.Disagreement() || o.Class == ClassError {
					t.Errorf("%s", o.Report())
				}
			})
			t.Logf("%s: %s", sc.model.Name(), &tally)
			require.Equal(t, int(sc.count), tally.Total())
			require.Zero(t, tally.Disagreements())
			require.Zero(t, tally[ClassError])
			require.GreaterOrEqual(t, tally.Compared(), sc.minCompared, "cases compared")
			require.Positive(t, tally[ClassAgreeSafe], "some models are safe")
			require.Positive(t, tally[ClassAgreeUnsafe], "some models are unsafe")
		})
	}
}

// FuzzDifferential draws a model from the fuzzer's seed and compares the
// engines on it under the memory model chosen by mm (sc, tso, pso):
// go test ./difftest -run '^$' -fuzz FuzzDifferential.
func FuzzDifferential(f *testing.F) {
	for seed := range uint64(4) {
		f.Add(seed, uint8(seed))
	}
	models := []memmodel.Model{memmodel.SC, memmodel.TSO, memmodel.PSO}
	f.Fuzz(func(t *testing.T, seed uint64, mm uint8) {
		o := Run(context.Background(), Generated(models[int(mm)%len(models)], seed), DefaultBudget)
		if o.Class.Disagreement() || o.Class == ClassError {
			t.Fatalf("%s", o.Report())
		}
	})
}
