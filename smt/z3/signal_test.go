//go:build cgo

package z3

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"sync"
	"syscall"
	"testing"
)

// TestScriptKeepsSIGINTHandler runs a script whose (check-sat) makes Z3
// install its own SIGINT handler for the check and put the previous one
// back with signal(2), which drops the Go runtime's SA_ONSTACK flag: the
// next SIGINT then killed the process with "non-Go code set up signal
// handler without SA_ONSTACK flag" (it did the cmd/cubew tests, whose
// signal test comes after certify's scripts). Afterwards SIGINT must
// still reach a Go channel, 20 times, each sent to the test's own thread
// (tgkill), which runs Go code on a goroutine's stack: the case the
// runtime refuses without SA_ONSTACK.
func TestScriptKeepsSIGINTHandler(t *testing.T) {
	if out, err := EvalSMTLIB2(context.Background(), "(declare-const x Int)(assert (> x 1))(check-sat)"); err != nil || out != "sat\n" {
		t.Fatalf("script: %q, %v; want sat", out, err)
	}
	requireSIGINTReachesGo(t)
}

// TestConcurrentScriptsKeepSIGINTHandler: scripts evaluated from several
// goroutines at once (certify -j) leave the Go runtime's handler too.
// Run concurrently, Z3's handler, saved and put back by each check in
// turn, could stay installed after the last check, pointing at a check
// that had ended: the next SIGINT crashed the process (a SIGSEGV in
// cmd/cubew's signal test, now and then).
func TestConcurrentScriptsKeepSIGINTHandler(t *testing.T) {
	var wg sync.WaitGroup
	errs := make(chan error, 8*10)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 10 {
				out, err := EvalSMTLIB2(context.Background(), "(declare-const x Int)(assert (> x 1))(check-sat)(check-sat)")
				if err == nil && out != "sat\nsat\n" {
					err = fmt.Errorf("script answered %q, want sat twice", out)
				}
				if err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	requireSIGINTReachesGo(t)
}

// requireSIGINTReachesGo sends SIGINT 20 times to the test's own thread
// and requires each to reach a Go channel.
func requireSIGINTReachesGo(t *testing.T) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGINT)
	defer signal.Stop(ch)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for i := range 20 {
		if err := syscall.Tgkill(os.Getpid(), syscall.Gettid(), syscall.SIGINT); err != nil {
			t.Fatal(err)
		}
		if s := <-ch; s != syscall.SIGINT {
			t.Fatalf("signal %d: got %v, want SIGINT", i, s)
		}
	}
}
