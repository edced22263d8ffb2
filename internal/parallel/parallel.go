// Package parallel runs independent pieces of work on a bounded number of
// goroutines, for the places that spread work over cores: the search's
// layers and pre-images (reach), a certificate's obligations (certify)
// and a batch's files (cmd/cubew).
package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// For calls work(g, i) for i in 0..n-1 on up to goroutines goroutines (at
// least one); g < goroutines numbers the goroutine of the call, so that a
// caller can give each goroutine state of its own (a solver, a matcher).
// The items are taken in order, each by the next free goroutine. The
// caller's goroutine is goroutine 0: it starts one goroutine fewer, and
// its stack, grown by earlier calls, needs no growing again (a new
// goroutine's stack is copied as the pre-image and matcher recursions
// deepen, a few percent of a small model's search). For returns when
// every call has returned. While a Recording is on, For also records the
// call in it (Record).
func For(n, goroutines int, work func(g, i int)) {
	goroutines = max(1, min(goroutines, n))
	rec := recording.Load()
	if rec != nil {
		var done func()
		work, done = rec.recorded(n, goroutines, work)
		defer done()
	}
	var next atomic.Int64
	share := func(g int) {
		if rec != nil {
			runtime.LockOSThread() // ThreadCPU measures this goroutine's items
			defer runtime.UnlockOSThread()
		}
		for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
			work(g, i)
		}
	}
	var wg sync.WaitGroup
	for g := 1; g < goroutines; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			share(g)
		}()
	}
	share(0)
	wg.Wait()
}
