package reach_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/cubew/cubew/difftest"
	"github.com/cubew/cubew/internal/corpus"
	"github.com/stretchr/testify/require"
)

// TestSymmetricMutantsAgree compares the engines (package difftest) on
// the mutants of peterson_two_proc, the corpus file whose transitions
// mirror each other under #1 <-> #2: a mutant that breaks the mirror must
// lose the symmetry, one that keeps it may use it, and neither may answer
// differently from the operational oracle.
func TestSymmetricMutantsAgree(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err)
	const file = "cubicle/peterson_two_proc.cub"
	cases, _, err := difftest.MutantCases(filepath.Join(dir, file), file)
	require.NoError(t, err)
	var tally difftest.Tally
	for _, c := range cases {
		o := difftest.Run(context.Background(), c, difftest.MutantBudget)
		tally.Add(o.Class)
		if o.Class.Disagreement() {
			t.Errorf("%s", o.Report())
		}
	}
	t.Logf("%d mutants: %s", len(cases), &tally)
	require.Equal(t, len(cases), tally.Compared())
}
