//go:build cgo

package z3

import (
	"context"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/smt"
)

// maxGrowth bounds the growth of the resident set over a leak test. Leaking
// one term per cycle would exceed it: 100 000 numerals with their table
// entries take more than 10 MiB.
const maxGrowth = 8 << 20

// rss returns the resident set size of the process, in bytes, after
// returning what the Go heap can to the system. Callers lock their OS
// thread: glibc gives each thread its own malloc arena, and a goroutine
// hopping between threads would grow several arenas without leaking.
func rss(t *testing.T) int64 {
	t.Helper()
	if raceEnabled {
		t.Skip("the race detector's shadow memory makes the resident set meaningless")
	}
	runtime.GC()
	debug.FreeOSMemory()
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Skipf("no /proc/self/statm: %v", err)
	}
	fields := strings.Fields(string(b))
	require.GreaterOrEqual(t, len(fields), 2)
	pages, err := strconv.ParseInt(fields[1], 10, 64)
	require.NoError(t, err)
	return pages * int64(os.Getpagesize())
}

// TestLeakCycles runs 100 000 cycles of make terms, assert, check,
// release, in one Context, with a fresh Solver and a model every ten cycles,
// and requires the resident set to stay flat.
func TestLeakCycles(t *testing.T) {
	const solvers, checks = 10_000, 10 // 100 000 cycles
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	ctx := context.Background()
	c := NewContext()
	defer c.Close()
	x := c.Const("x", c.IntSort())
	base := c.Mark()
	cycles := func(n int) {
		for i := range n {
			s := c.NewSolver()
			for j := range checks {
				k := int64(i*checks + j)
				m := c.Mark()
				s.Push()
				lo := c.Int(k) // new terms every cycle
				s.Assert(c.And(c.Gt(x, lo), c.Lt(x, c.Add(lo, c.Int(2)))))
				r, err := s.Check(ctx)
				if err != nil || r != smt.Sat {
					t.Fatalf("cycle %d: got %v, %v, want sat", k, r, err)
				}
				if j == 0 {
					if v, ok := s.Eval(x); !ok || v != c.Int(k+1) {
						t.Fatalf("cycle %d: x = %s, want %d", k, c.String(v), k+1)
					}
				}
				s.Pop(1)
				c.Release(m)
			}
			s.Close()
		}
	}
	cycles(solvers / 20) // warm up Z3's and malloc's caches
	before := rss(t)
	cycles(solvers)
	after := rss(t)
	t.Logf("RSS %d KiB before, %d KiB after %d cycles: %+d KiB", before>>10, after>>10, solvers*checks, (after-before)>>10)
	require.Equal(t, base, c.Mark(), "the term table is back to its size")
	require.Empty(t, c.solvers)
	require.Less(t, after-before, int64(maxGrowth))
}

// TestLeakContexts makes, uses and closes whole Contexts, and requires the
// live count to return to zero and the resident set to stay flat.
func TestLeakContexts(t *testing.T) {
	const n = 200
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cycle := func() {
		s := New()
		p := s.Const("p", s.BoolSort())
		_, procs := s.EnumSort("proc", []string{"a", "b"})
		s.Assert(s.And(p, s.Distinct(procs...)))
		r, err := s.Check(context.Background())
		if err != nil || r != smt.Sat {
			t.Fatalf("got %v, %v, want sat", r, err)
		}
		s.Close()
	}
	start := live.Load()
	for range n / 10 {
		cycle()
	}
	before := rss(t)
	for range n {
		cycle()
	}
	after := rss(t)
	t.Logf("RSS %d KiB before, %d KiB after %d contexts: %+d KiB", before>>10, after>>10, n, (after-before)>>10)
	require.Equal(t, start, live.Load(), "every Context was closed")
	require.Less(t, after-before, int64(maxGrowth))
}
