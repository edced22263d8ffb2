package reach_test

import (
	"path/filepath"
	"testing"

	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestMeasureCPU: with Options.MeasureCPU the search reports the CPU
// time of its thread outside the parallel parts and of the parallel
// parts' items (with one worker, all on its thread, so that their span
// is their sum), and finds the same as without it, which reports none.
func TestMeasureCPU(t *testing.T) {
	dir, _ := corpusEntries(t)
	sys := load(t, filepath.Join(dir, "cubicle-w/cubtso/lamport_N.cub"), false)
	plain := checkWith(t, sys, reach.Options{Workers: 1})
	require.Zero(t, plain.Stats.SerialCPU+plain.Stats.ParallelCPU+plain.Stats.ParallelSpan, "not measured")
	for _, workers := range []int{1, 2} {
		res := checkWith(t, sys, reach.Options{Workers: workers, MeasureCPU: true})
		require.Equal(t, translate.Safe, res.Verdict)
		require.Equal(t, plain.Stats.Nodes, res.Stats.Nodes, "the same search with %d workers", workers)
		s := res.Stats
		require.Positive(t, s.SerialCPU, "%d workers", workers)
		require.Positive(t, s.ParallelCPU, "%d workers", workers)
		if workers == 1 {
			require.Equal(t, s.ParallelCPU, s.ParallelSpan, "one worker: the span is the sum")
		} else {
			require.LessOrEqual(t, s.ParallelSpan, s.ParallelCPU)
			require.GreaterOrEqual(t, 2*s.ParallelSpan, s.ParallelCPU)
		}
	}
}
