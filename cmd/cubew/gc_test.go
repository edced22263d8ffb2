package main

import (
	"runtime"
	"runtime/debug"
	"testing"
)

// gcTarget returns the garbage collector's current target (percent).
func gcTarget() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

func TestRelaxGC(t *testing.T) {
	const before = 100
	cases := []struct {
		name   string
		budget uint64
		gogc   string
		first  int // the collector's target afterwards
		after  int // its target after a collection
	}{
		{"budget", 1 << 30, "", firstGCPercent, relaxedGCPercent},
		{"no budget", 0, "", before, before},
		{"GOGC chosen by the user", 1 << 30, "50", before, before},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("GOGC", c.gogc)
			runtime.GC() // runs the cleanups of earlier runs' sentinels
			runtime.Gosched()
			old := debug.SetGCPercent(before)
			defer debug.SetGCPercent(old)
			if got := relaxGC(c.budget); got != (c.first != before) {
				t.Errorf("relaxGC(%d) with GOGC=%q = %v", c.budget, c.gogc, got)
			}
			if got := gcTarget(); got != c.first {
				t.Errorf("GC target %d%%, want %d%%", got, c.first)
			}
			// The cleanup that lowers the target runs on its own
			// goroutine after a collection: collect until it has, a
			// bounded number of times.
			got := gcTarget()
			for i := 0; i < 100 && got != c.after; i++ {
				runtime.GC()
				runtime.Gosched()
				got = gcTarget()
			}
			if got != c.after {
				t.Errorf("GC target after collections %d%%, want %d%%", got, c.after)
			}
		})
	}
}
