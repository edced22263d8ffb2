package difftest

import (
	"context"
	"flag"
	"path/filepath"
	"testing"

	"github.com/cubew/cubew/internal/corpus"
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
	require.Len(t, paths, 12)
	require.Equal(t, 6, rejected, "mutants that do not type-check")
	require.Equal(t, 452, tally.Total(), "mutant cases")
	require.GreaterOrEqual(t, tally.Compared(), 420, "cases compared")
	require.Zero(t, tally.Disagreements())
}

var corpusStride = flag.Int("corpus-stride", 0, "TestMutateCorpus: compare every N-th mutant of the corpus (1: all; 0: skip the test)")

// TestMutateCorpus compares the engines on the mutants of the corpus
// (../shared/corpus, or $CUBEW_CORPUS), every -corpus-stride-th one: a
// long run (the corpus models are large; some mutants take seconds), off
// in make test, which mutates examples/ (TestMutateExamples). It reports
// the counts made, discarded and compared, and fails on any disagreement.
func TestMutateCorpus(t *testing.T) {
	if *corpusStride == 0 {
		t.Skip("corpus mutants run with -args -corpus-stride=N (a long run)")
	}
	dir, err := corpus.Dir()
	if err != nil {
		t.Skipf("no corpus: %v", err)
	}
	files, err := corpus.Files(dir)
	require.NoError(t, err)
	var tally Tally
	made, rejected := 0, 0
	for _, f := range files {
		cases, rej, err := MutantCases(filepath.Join(dir, f), f)
		if err != nil {
			t.Logf("%s: not mutated: %v", f, err)
			continue
		}
		rejected += rej
		for i, c := range cases {
			made++
			if i%*corpusStride != 0 {
				continue
			}
			o := Run(context.Background(), c, MutantBudget)
			tally.Add(o.Class)
			if o.Class.Disagreement() {
				t.Errorf("%s", o.Report())
			}
		}
	}
	t.Logf("corpus: %d files, %d mutant cases, %d mutants discarded; compared every %d-th: %s", len(files), made, rejected, *corpusStride, &tally)
	require.Positive(t, tally.Compared())
}
