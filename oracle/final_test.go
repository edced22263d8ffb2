package oracle

import (
	"context"
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestReachedFinalReads: a final read (`p @ X` of an unsafe item) is what
// its process would read in the explored state, its newest buffered
// write, else memory. Over 1..2 processes: the writer never reads False
// after its write (its buffer, then memory, hold True); another process
// does under TSO and PSO (the write still buffered) but not under SC; a
// process before any write reads False. 3 queries × 3 models; before
// final reads were evaluated, the oracle called every one reached.
func TestReachedFinalReads(t *testing.T) {
	m, err := syntax.Load("testdata/final_reads.cub", syntax.CheckOptions{})
	require.NoError(t, err)
	sys, err := translate.Build(m)
	require.NoError(t, err)
	require.Len(t, sys.Unsafe, 3)
	for _, q := range sys.Unsafe {
		require.Len(t, q.Cube.Events, 1, q.Name)
		require.True(t, q.Cube.Events[0].Final, q.Name)
	}
	// The instances are explored with the first item alone, unreached:
	// the exploration stops at an unsafe state.
	explored := *m
	explored.Unsafes = m.Unsafes[:1]
	want := map[string][3]bool{ // per model: writer, other process, before any write
		"sc":  {false, false, true},
		"tso": {false, true, true},
		"pso": {false, true, true},
	}
	for name, w := range want {
		mm, err := memmodel.ByName(name)
		require.NoError(t, err)
		o, err := New(context.Background(), &explored, mm, 2, 0)
		require.NoError(t, err)
		require.Empty(t, o.Partial, name)
		for i, q := range sys.Unsafe {
			require.Equal(t, w[i], o.Reached(q.Cube), "%s: %s (%s)", name, q.Name, q.Cube)
		}
	}
}
