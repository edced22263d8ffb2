package reach_test

import (
	"testing"

	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestSafeResultInvariant: a SAFE result lists its visited, non-deleted
// nodes (the unsafe cube first, then pre-images with their parents);
// other results list none.
func TestSafeResultInvariant(t *testing.T) {
	res := check(t, load(t, "../examples/peterson.cub", true), 1000)
	require.Equal(t, translate.Safe, res.Verdict)
	require.Len(t, res.Invariant, res.Stats.Nodes-res.Stats.Deleted)
	require.Zero(t, res.Invariant[0].Parent)
	seen := map[int]bool{}
	for _, c := range res.Invariant {
		require.False(t, seen[c.Node], "node %d listed twice", c.Node)
		seen[c.Node] = true
		if c.Parent != 0 {
			require.NotEmpty(t, c.Transition)
		}
	}
	res = check(t, load(t, "../examples/check_then_set.cub", true), 1000)
	require.Equal(t, translate.Unsafe, res.Verdict)
	require.Empty(t, res.Invariant)
}
