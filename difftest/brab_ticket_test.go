package difftest

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/stretchr/testify/require"
)

// TestBrabTicketMutants compares the engines on the mutants of the two
// ticket locks with integer counters, searched with invariant inference
// from the first node (oracle over 1..3 processes): ticket_spin_lock_N of
// the corpus (weak Head and Tail, under tso and pso) and
// examples/ticket_lock.cub (sc). Their candidates weaken counter
// literals (`a < b + 1` over integers gives `a <= b`, reach's weaken)
// and compare locked reads with tickets, which the generated models
// (booleans, enumerations, processes only) never exercise. No
// disagreement over 67 cases, 54 compared (24 agree SAFE, 30 UNSAFE, 8
// beyond reach's budget of 300 nodes, 5 beyond the explicit engine's);
// 23 answers with inferred invariants. Before that weakening and
// plainReadOfOther (main 5def92c): 52 compared, 22 SAFE, 21 with
// inferred invariants, 0 disagreements. About 70 CPU-s: off unless
// CUBEW_BRAB_MUTANTS is set.
func TestBrabTicketMutants(t *testing.T) {
	if os.Getenv("CUBEW_BRAB_MUTANTS") == "" {
		t.Skip("about 70 CPU-s: set CUBEW_BRAB_MUTANTS=1 to run it")
	}
	dir, err := corpus.Dir()
	require.NoError(t, err, "the shared corpus (CUBEW_CORPUS)")
	b := MutantBudget
	b.Brab = 3
	var tally Tally
	inferred := 0
	for _, f := range []string{filepath.Join(dir, "cubicle-w", "cubtso", "ticket_spin_lock_N.cub"), filepath.Join("..", "examples", "ticket_lock.cub")} {
		cases, _, err := MutantCases(f, filepath.Base(f))
		require.NoError(t, err)
		for _, c := range cases {
			o := Run(context.Background(), c, b)
			tally.Add(o.Class)
			if o.Class.Disagreement() || o.Class == ClassError {
				t.Errorf("%s", o.Report())
			}
			if o.Reach != nil && len(o.Reach.Inferred) > 0 {
				inferred++
			}
		}
	}
	t.Logf("%s; %d with inferred invariants", &tally, inferred)
	require.Equal(t, 67, tally.Total())
	require.Equal(t, 54, tally.Compared())
	require.Zero(t, tally.Disagreements())
	require.Equal(t, 23, inferred)
}
