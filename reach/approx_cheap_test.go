package reach

import (
	"testing"

	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// cheapnessOracle reaches nothing, says whether it is cheap, and counts
// the times it was asked.
type cheapnessOracle struct {
	cheap bool
	asked int
}

func (o *cheapnessOracle) Reached(*translate.Cube) bool { return false }
func (o *cheapnessOracle) MaxVars() int                 { return 2 }
func (o *cheapnessOracle) Cheap() bool                  { o.asked++; return o.cheap }

// TestExactYetCheap: Options.CheapApproxAfter ends the exact part of the
// first run sooner, after that many nodes or their pre-images, for a
// cheap oracle only, which is not asked before; an oracle that is not
// cheap (or cannot tell: nilOracle) waits for ApproxAfter, and
// CheapApproxAfter 0 asks nothing. A restarted run approximates from its
// first node, as before.
func TestExactYetCheap(t *testing.T) {
	exactYet := func(o Oracle, cheapAfter, nodes, generated int) bool {
		e := &engine{opts: Options{Oracle: o, ApproxAfter: 200, CheapApproxAfter: cheapAfter}}
		e.stats.Nodes, e.stats.Generated = nodes, generated
		return e.exactYet()
	}
	cheap, dear := &cheapnessOracle{cheap: true}, &cheapnessOracle{}
	require.True(t, exactYet(cheap, 50, 49, 49*preImagesPerExactNode-1))
	require.Zero(t, cheap.asked, "not asked before its node")
	require.False(t, exactYet(cheap, 50, 50, 0))
	require.False(t, exactYet(cheap, 50, 10, 50*preImagesPerExactNode), "its pre-images count too")
	require.Equal(t, 2, cheap.asked)
	require.True(t, exactYet(cheap, 0, 150, 0), "CheapApproxAfter 0: ApproxAfter alone")
	require.Equal(t, 2, cheap.asked)

	require.True(t, exactYet(dear, 50, 150, 0))
	require.Equal(t, 1, dear.asked)
	require.False(t, exactYet(dear, 50, 200, 0))
	require.True(t, exactYet(nilOracle{}, 50, 150, 0))

	e := &engine{opts: Options{Oracle: cheap, ApproxAfter: 200, CheapApproxAfter: 50}}
	e.stats.Restarts = 1
	require.False(t, e.exactYet())
}
