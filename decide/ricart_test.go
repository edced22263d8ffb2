package decide_test

import (
	"context"
	"testing"

	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestBrabRicartAgrawala: Ricart and Agrawala's algorithm, which plain
// backward search does not finish (logical clocks that grow without
// bound), is proved SAFE with the default options of check (an oracle
// over 1..3 processes asked from the 200th node on), from ordered
// reals: the oracle keys its states by the order of the clocks, and its
// candidates compare clocks without offsets. The counts are pinned:
// 290 nodes, 29 candidates visited, one refuted, 13 inferred; every
// inferred invariant is unreached by the oracle.
func TestBrabRicartAgrawala(t *testing.T) {
	res, o := checkBrabAfter(t, corpusFile(t, "cubicle/ricart_agrawala.cub"), 3, 200)
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	require.Equal(t, 290, res.Stats.Nodes)
	require.Equal(t, 29, res.Stats.Candidates)
	require.Equal(t, 1, res.Stats.Refuted)
	require.Len(t, res.Inferred, 13)
	orc, err := o.Explored()
	require.NoError(t, err)
	require.NotNil(t, orc)
	for _, c := range res.Inferred {
		require.False(t, orc.Reached(c), "an inferred invariant %s is reached by the oracle", c)
	}
}

// TestBrabRicartAgrawalaBounded backs the SAFE answer above as
// crosscheck --max-n 3 does: the explicit engine, states keyed by the
// order of the clocks, finds no violation with 2 and 3 processes, each
// explored completely within a state budget.
func TestBrabRicartAgrawalaBounded(t *testing.T) {
	m, _ := load(t, corpusFile(t, "cubicle/ricart_agrawala.cub"), memmodel.SC)
	want := map[int]int{2: 304, 3: 38124}
	ran := 0
	for n := 2; n <= 3; n++ {
		res, err := dpor.Explicit(context.Background(), m, dpor.Options{N: n, Model: memmodel.SC, Order: true, DeadValues: true, MaxStates: 100000})
		require.NoError(t, err)
		require.Equal(t, translate.Safe, res.Verdict, "n=%d: %s", n, res.Reason)
		require.True(t, res.Ordered)
		require.Equal(t, want[n], res.States, "n=%d", n)
		ran++
	}
	require.Equal(t, 2, ran)
}
