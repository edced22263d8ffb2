package reach

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestReachedFirstOrder: the first node whose checks found it meeting
// the initial states moves to the front with its checks, the others
// keeping their order; a node covered syntactically, skipped, deferred
// or whose check failed is never moved, and a layer without such a node
// is left as it is.
func TestReachedFirstOrder(t *testing.T) {
	ids := func(layer []*node) (out []int) {
		for _, n := range layer {
			out = append(out, n.id)
		}
		return out
	}
	layerOf := func(k int) []*node {
		var out []*node
		for i := 1; i <= k; i++ {
			out = append(out, &node{id: i})
		}
		return out
	}
	reached := initMeeting{reached: true}

	layer, checks := layerOf(5), make([]precheck, 5)
	checks[1] = precheck{init: reached, included: true}
	checks[2] = precheck{init: reached, deferred: true}
	checks[3] = precheck{init: reached, budget: 7}
	checks[4] = precheck{init: reached}
	reachedFirst(layer, checks)
	require.Equal(t, []int{4, 1, 2, 3, 5}, ids(layer))
	require.Equal(t, 7, checks[0].budget, "the checks move with their node")
	require.True(t, checks[2].included)

	layer, checks = layerOf(3), make([]precheck, 3)
	checks[0] = precheck{init: reached, skipped: true}
	checks[1] = precheck{init: reached, err: errRestart}
	reachedFirst(layer, checks)
	require.Equal(t, []int{1, 2, 3}, ids(layer), "nothing to move")
}
