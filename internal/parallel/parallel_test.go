package parallel

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

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

// TestRecordCalls: while a recording is on, every For call adds one call
// with its caller (the caller of Meter.For for a call through a Meter),
// its goroutines and, for each item, the goroutine that worked on it;
// after stop, nothing more.
func TestRecordCalls(t *testing.T) {
	var rec Recording
	stop := Record(&rec)
	For(10, 3, func(int, int) {})
	For(2, 8, func(int, int) {})
	var m Meter
	m.For(3, 2, func(int, int) {})
	stop()
	For(5, 2, func(int, int) {})
	require.Len(t, rec.Calls, 3)
	require.Equal(t, 3, rec.Calls[0].Goroutines)
	require.Equal(t, 2, rec.Calls[1].Goroutines, "no more goroutines than items")
	for _, c := range rec.Calls {
		require.Equal(t, "github.com/cubew/cubew/internal/parallel.TestRecordCalls", c.Site, "the caller of For or Meter.For")
		require.Len(t, c.Items, len(c.By))
		for i, g := range c.By {
			require.Less(t, g, c.Goroutines, "item %d", i)
			require.GreaterOrEqual(t, c.Items[i], time.Duration(0), "item %d", i)
		}
	}
}

// TestSpan: the span of a call is that of For's schedule (each item, in
// order, to the goroutine free first) on the fewer of the workers and
// the call's goroutines; Busy adds every item.
func TestSpan(t *testing.T) {
	rec := Recording{Calls: []Call{
		{Goroutines: 2, Items: []time.Duration{5, 1, 1, 1, 4}}, // 5 | 1+1+1+4: 7
		{Goroutines: 1, Items: []time.Duration{3, 3}},          // one goroutine: 6
		{Goroutines: 4, Items: []time.Duration{2, 2, 2}},       // on 2: 2+2 | 2: 4
	}}
	require.Equal(t, time.Duration(24), rec.Busy())
	require.Equal(t, time.Duration(24), rec.Span(1))
	require.Equal(t, time.Duration(7+6+4), rec.Span(2))
	require.Equal(t, time.Duration(7+6+2), rec.Span(3))
	require.Equal(t, time.Duration(7), rec.Calls[0].Span(2))
}

// spin does CPU work that the compiler cannot drop.
func spin(k int) int {
	x := 1
	for i := range k {
		x = x*31 + i
	}
	return x
}

// TestMeter: a Meter adds the CPU time of every item: with one goroutine
// all of it is the caller's and the span is the sum; with two, the
// span lies between half the sum and the sum. A nil Meter is For.
func TestMeter(t *testing.T) {
	var sink atomic.Int64
	work := func(int, int) { sink.Add(int64(spin(200_000))) }
	var one Meter
	one.For(8, 1, work)
	require.Positive(t, one.Caller, "the items took CPU")
	require.Zero(t, one.Others, "one goroutine: the caller's")
	require.Equal(t, one.Caller, one.Span, "one goroutine: the span is the sum")

	var two Meter
	two.For(8, 2, work)
	two.For(8, 2, work)
	require.Equal(t, two.Caller+two.Others, two.Total())
	require.LessOrEqual(t, two.Span, two.Total())
	require.GreaterOrEqual(t, 2*two.Span, two.Total())

	var calls atomic.Int64
	(*Meter)(nil).For(3, 2, func(int, int) { calls.Add(1) })
	require.Equal(t, int64(3), calls.Load())
}
