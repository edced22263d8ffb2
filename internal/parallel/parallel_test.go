package parallel

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestForCallsEachOnce: every item is worked on exactly once, by a
// goroutine numbered below the bound, whatever the bound (0 and more
// goroutines than items included).
func TestForCallsEachOnce(t *testing.T) {
	for _, goroutines := range []int{0, 1, 2, 3, 7, 100} {
		const n = 50
		var mu sync.Mutex
		calls := make([]int, n)
		gs := map[int]bool{}
		For(n, goroutines, func(g, i int) {
			mu.Lock()
			defer mu.Unlock()
			calls[i]++
			gs[g] = true
		})
		for i, c := range calls {
			require.Equal(t, 1, c, "item %d with %d goroutines", i, goroutines)
		}
		for g := range gs {
			require.Less(t, g, max(1, min(goroutines, n)), "goroutine number with bound %d", goroutines)
		}
	}
}

// TestForNothing: no items, no call.
func TestForNothing(t *testing.T) {
	For(0, 4, func(int, int) { t.Fatal("called") })
}
