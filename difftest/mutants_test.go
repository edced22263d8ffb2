package difftest

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMutateExamples compares the engines on every mutant of every model
// of examples/ and pins the counts: mutants made, discarded (they do not
// type-check) and compared.
func TestMutateExamples(t *testing.T) {
	paths, err := filepath.Glob("../examples/*.cub")
	require.NoError(t, err)
	var tally Tally
	rejected := 0
	for _, p := range paths {
		cases, rej, err := MutantCases(p, "examples/"+filepath.Base(p))
		require.NoError(t, err)
		rejected += rej
		for _, c := range cases {
			o := Run(context.Background(), c, DefaultBudget)
			tally.Add(o.Class)
			if o.Class.Disagreement() || o.Class == ClassError {
				t.Errorf("%s", o.Report())
			}
		}
	}
	t.Logf("examples: %d files, %d mutants discarded; %s", len(paths), rejected, &tally)
}
