//go:build cgo

package z3

import (
	"context"
	"os"
	"os/signal"
	"runtime"
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
