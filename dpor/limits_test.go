package dpor

import (
	"context"
	"testing"

	"github.com/cubew/cubew/internal/limit"
	"github.com/cubew/cubew/internal/slowmodels"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestCancelledRunsSayWhy: both engines, given a context already done,
// answer UNKNOWN with the cause and the work done, in words.
func TestCancelledRunsSayWhy(t *testing.T) {
	m := load(t, slowmodels.WriterLoop, false)
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(limit.Interrupted)
	res, err := Explicit(ctx, m, Options{N: 2, Model: memmodel.TSO})
	require.NoError(t, err)
	require.Equal(t, translate.Unknown, res.Verdict)
	require.Regexp(t, `^interrupted after [0-9,]+ states?$`, res.Reason)

	res, err = Check(ctx, m, Options{N: 2, Model: memmodel.TSO, MaxSteps: 4})
	require.NoError(t, err)
	require.Equal(t, translate.Unknown, res.Verdict)
	require.Regexp(t, `^interrupted after [0-9,]+ executions?$`, res.Reason)
}

// TestBufferBoundEndsWriterLoop: with MaxBuffer the explicit engine
// explores the writer loop exhaustively and says its answer is bounded.
func TestBufferBoundEndsWriterLoop(t *testing.T) {
	res := run(t, load(t, slowmodels.WriterLoop, false), Options{N: 2, Model: memmodel.TSO, MaxBuffer: 4})
	require.Equal(t, translate.Safe, res.Verdict)
	require.True(t, res.Bounded)
	require.Equal(t, "safe up to 4 pending writes per buffer", res.Reason)
}
