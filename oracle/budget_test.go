package oracle

import (
	"context"
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"

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

// TestBudgetPastCut: bakery_lamport's tickets (max of the others plus 1)
// grow without bound, so its instance with 1 process does not fit a limit
// of 3,000 states; the instances with 2 and 3 processes are then explored
// with the extra instances' share, 200 states each (New explored 3,000
// each before), and Deepen explores all three again with 12,000.
func TestBudgetPastCut(t *testing.T) {
	m := corpusModel(t, "cubicle/bakery_lamport.cub", syntax.CheckOptions{SC: true})
	o, err := New(context.Background(), m, memmodel.SC, 3, 3000)
	require.NoError(t, err)
	require.Equal(t, "instance with 1 processes: state limit 3000 reached", o.Partial)
	require.Equal(t, 3, o.Largest())
	require.Equal(t, 3001+201+201, o.States)
	require.True(t, o.Deepen())
	require.Equal(t, 12001+12001+12001, o.States)
}

// TestInstanceBudget: the limit is maxStates up to the first cut
// instance, and its extra share past it.
func TestInstanceBudget(t *testing.T) {
	require.Equal(t, 3000, instanceBudget(1, nil, 3000))
	require.Equal(t, 3000, instanceBudget(3, nil, 3000))
	require.Equal(t, 3000, instanceBudget(2, []int{2}, 3000), "the cut instance itself")
	require.Equal(t, 200, instanceBudget(2, []int{1}, 3000))
	require.Equal(t, 200, instanceBudget(3, []int{1, 2}, 3000))
}
