package oracle

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestExtraBudgetNeverUnlimited: a state limit under extraShare once gave
// the extra instance a limit of 0, which the explicit engine reads as no
// limit at all.
func TestExtraBudgetNeverUnlimited(t *testing.T) {
	for _, c := range []struct{ max, want int }{{1, 1}, {3, 1}, {14, 1}, {15, 1}, {30, 2}, {DefaultMaxStates, DefaultMaxStates / extraShare}} {
		require.Equal(t, c.want, extraBudget(c.max), "limit %d", c.max)
	}
}
