package decide_test

import (
	"context"
	"testing"

	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestBrabFlashNodata: the FLASH cache protocol without data, which no
// tool decided (Cubicle gives no answer in 500 s even with -brab 2), is
// proved SAFE with check's default options (an oracle over 1..3
// processes from the 200th node on): 686 nodes, 265 candidates visited,
// one refuted; every inferred invariant is unreached by the oracle.
func TestBrabFlashNodata(t *testing.T) {
	res, o := checkBrabAfter(t, corpusFile(t, "cubicle/flash_nodata.cub"), 3, 200)
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	require.Equal(t, 686, res.Stats.Nodes)
	require.Equal(t, 265, res.Stats.Candidates)
	require.Equal(t, 1, res.Stats.Refuted)
	require.NotEmpty(t, res.Inferred)
	orc, err := o.Explored()
	require.NoError(t, err)
	for _, c := range res.Inferred {
		require.False(t, orc.Reached(c), "an inferred invariant %s is reached by the oracle", c)
	}
}

// TestBrabFlashNodataBounded backs it as crosscheck --max-n 3 does: the
// explicit engine (up to process permutations, dead values keyed as
// one) finds no violation with 2 and 3 processes, each explored
// completely within a state budget.
func TestBrabFlashNodataBounded(t *testing.T) {
	m, _ := load(t, corpusFile(t, "cubicle/flash_nodata.cub"), memmodel.SC)
	want := map[int]int{2: 8493, 3: 131733}
	ran := 0
	for n := 2; n <= 3; n++ {
		res, err := dpor.Explicit(context.Background(), m, dpor.Options{N: n, Model: memmodel.SC, Symmetry: true, DeadValues: true, MaxStates: 200000})
		require.NoError(t, err)
		require.Equal(t, translate.Safe, res.Verdict, "n=%d: %s", n, res.Reason)
		require.Equal(t, want[n], res.States, "n=%d", n)
		ran++
	}
	require.Equal(t, 2, ran)
}
