package reach

import (
	"testing"

	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// growingOracle reaches nothing and counts the times it was asked to grow.
type growingOracle struct{ grown int }

func (o *growingOracle) Reached(*translate.Cube) bool { return false }
func (o *growingOracle) MaxVars() int                 { return 2 }
func (o *growingOracle) Grow() bool                   { o.grown++; return true }

// TestGrowOracle: after a refutation an oracle that can grow is asked to,
// unless the search no longer approximates (past Options.MaxRestarts).
func TestGrowOracle(t *testing.T) {
	o := &growingOracle{}
	e := &engine{opts: Options{Oracle: o}}
	e.growOracle()
	require.Equal(t, 1, o.grown)
	e.noApprox = true
	e.growOracle()
	require.Equal(t, 1, o.grown, "a run without approximation asks nothing")
}
