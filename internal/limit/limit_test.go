package limit

import (
	"context"
	"testing"
	"time"
)

func TestReasons(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	if got := Why(ctx); got != "" {
		t.Fatalf("Why of a running context = %q", got)
	}
	cancel(TimeLimit(30 * time.Second))
	if got, want := After(ctx, Count(1234, "node")), "time limit 30s reached after 1,234 nodes"; got != want {
		t.Errorf("After = %q, want %q", got, want)
	}
	ctx2, cancel2 := context.WithCancelCause(context.Background())
	cancel2(Interrupted)
	if got, want := After(ctx2, Count(1, "node")), "interrupted after 1 node"; got != want {
		t.Errorf("After = %q, want %q", got, want)
	}
	ctx3, cancel3 := context.WithCancel(context.Background())
	cancel3()
	if got := Why(ctx3); got != "cancelled" {
		t.Errorf("Why of a plain cancel = %q", got)
	}
	if got, want := MemoryBudget(4<<30).Error(), "memory budget 4 GiB reached"; got != want {
		t.Errorf("MemoryBudget = %q, want %q", got, want)
	}
	for n, want := range map[int]string{0: "0 nodes", 999: "999 nodes", 1000: "1,000 nodes", -1234567: "-1,234,567 nodes"} {
		if got := Count(n, "node"); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
	if got := Bytes(1536 << 20); got != "1.5 GiB" {
		t.Errorf("Bytes = %q", got)
	}
}

func TestWithTimeoutZeroIsNoLimit(t *testing.T) {
	ctx, cancel := WithTimeout(context.Background(), 0)
	defer cancel()
	if _, ok := ctx.Deadline(); ok {
		t.Fatal("a zero timeout set a deadline")
	}
}

func TestPollChecksOnceInEvery(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	p := &Poll{Ctx: ctx, Every: 100}
	for i := 0; i < 1000; i++ {
		if p.Stopped() {
			t.Fatal("stopped before cancel")
		}
	}
	if p.Polls != 10 {
		t.Errorf("%d checks in 1000 calls, want 10", p.Polls)
	}
	cancel()
	n := 0
	for !p.Stopped() {
		n++
	}
	if n >= 100 {
		t.Errorf("noticed the cancel after %d calls, want < 100", n)
	}
}

func TestWatchCancelsPastBudget(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	tick := make(chan time.Time)
	uses := []uint64{10, 50, 120, 30}
	i := 0
	done := make(chan uint64)
	go func() {
		done <- Watch(ctx, cancel, 100, func() uint64 { u := uses[i]; i++; return u }, tick)
	}()
	for k := 0; k < 3; k++ {
		tick <- time.Time{}
	}
	peak := <-done
	if peak != 120 || i != 3 {
		t.Errorf("peak %d after %d samples, want 120 after 3", peak, i)
	}
	if got, want := Why(ctx), "memory budget 100 bytes reached"; got != want {
		t.Errorf("Why = %q, want %q", got, want)
	}
}

func TestRSSAndBudget(t *testing.T) {
	if RSS() == 0 {
		t.Skip("no /proc/self/statm")
	}
	if DefaultBudget() == 0 {
		t.Error("zero default budget")
	}
}
