package main

import (
	"runtime/debug"
	"testing"
)

func TestRelaxGC(t *testing.T) {
	const before = 100
	cases := []struct {
		name   string
		budget uint64
		gogc   string
		want   int // the collector's target afterwards
	}{
		{"budget", 1 << 30, "", relaxedGCPercent},
		{"no budget", 0, "", before},
		{"GOGC chosen by the user", 1 << 30, "50", before},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("GOGC", c.gogc)
			old := debug.SetGCPercent(before)
			defer debug.SetGCPercent(old)
			if got := relaxGC(c.budget); got != (c.want != before) {
				t.Errorf("relaxGC(%d) with GOGC=%q = %v", c.budget, c.gogc, got)
			}
			if got := debug.SetGCPercent(before); got != c.want {
				t.Errorf("GC target %d%%, want %d%%", got, c.want)
			}
		})
	}
}
