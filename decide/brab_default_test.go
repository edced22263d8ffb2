package decide_test

import (
	"context"
	"testing"

	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// decidedByInference are corpus models that plain backward search does
// not finish and that check's default options (an oracle over 1..3
// processes, asked from the 200th node on) prove SAFE, with the counts
// of that search and the states of the complete bounded instances with
// 2 and 3 processes that back the answer as crosscheck --max-n 3 does.
//   - ricart_agrawala: logical clocks that grow without bound; the
//     oracle keys its states by the order of the clocks (Cubicle needs
//     -brab 2 and minutes). The bounded engine keys them so too.
//   - flash_nodata: the FLASH cache protocol without data, which no tool
//     decided (Cubicle gives no answer in 500 s even with -brab 2).
var decidedByInference = []struct {
	rel                        string
	nodes, candidates, refuted int
	inferred                   int
	bounded                    dpor.Options // N is set per instance
	statesTwo, statesThree     int
}{
	{"cubicle/ricart_agrawala.cub", 290, 29, 1, 13, dpor.Options{Order: true, DeadValues: true}, 304, 38124},
	{"cubicle/flash_nodata.cub", 493, 211, 0, 209, dpor.Options{Symmetry: true, DeadValues: true}, 8493, 131733},
}

// TestBrabDefaultOptions checks each model of decidedByInference: SAFE
// with the pinned counts, every inferred invariant unreached by the
// oracle.
func TestBrabDefaultOptions(t *testing.T) {
	ran := 0
	for _, tc := range decidedByInference {
		res, o := checkBrabAfter(t, corpusFile(t, tc.rel), 3, 200)
		require.Equal(t, translate.Safe, res.Verdict, "%s: %s", tc.rel, res.Reason)
		require.Equal(t, tc.nodes, res.Stats.Nodes, tc.rel)
		require.Equal(t, tc.candidates, res.Stats.Candidates, tc.rel)
		require.Equal(t, tc.refuted, res.Stats.Refuted, tc.rel)
		require.Len(t, res.Inferred, tc.inferred, tc.rel)
		for _, c := range res.Inferred {
			require.False(t, o.Reached(c), "%s: an inferred invariant %s is reached by the oracle", tc.rel, c)
		}
		ran++
	}
	require.Equal(t, 2, ran)
}

// TestBrabDefaultOptionsBounded backs each answer: the explicit engine
// finds no violation with 2 and 3 processes, each instance explored
// completely within a state budget.
func TestBrabDefaultOptionsBounded(t *testing.T) {
	ran := 0
	for _, tc := range decidedByInference {
		m, _ := load(t, corpusFile(t, tc.rel), memmodel.SC)
		for n, want := range map[int]int{2: tc.statesTwo, 3: tc.statesThree} {
			opts := tc.bounded
			opts.N, opts.Model, opts.MaxStates = n, memmodel.SC, 200000
			res, err := dpor.Explicit(context.Background(), m, opts)
			require.NoError(t, err)
			require.Equal(t, translate.Safe, res.Verdict, "%s n=%d: %s", tc.rel, n, res.Reason)
			require.Equal(t, want, res.States, "%s n=%d", tc.rel, n)
			ran++
		}
	}
	require.Equal(t, 4, ran)
}
