package z3

/*
#include <signal.h>
#include <stdlib.h>
#include "z3lazy.h"

// z3w_eval_keeping_sigint is Z3_eval_smtlib2_string, after which SIGINT's
// disposition is put back as it was: Z3 installs its own handler around
// each (check-sat) and puts the old one back with signal(2), which drops
// the Go runtime's SA_ONSTACK and SA_SIGINFO flags, and the runtime then
// dies on the next SIGINT (see EvalSMTLIB2).
static Z3_string z3w_eval_keeping_sigint(Z3_context c, Z3_string script) {
	struct sigaction saved;
	int got = sigaction(SIGINT, NULL, &saved) == 0;
	Z3_string out = z3w_eval_smtlib2_string(c, script);
	if (got) {
		sigaction(SIGINT, &saved, NULL);
	}
	return out;
}
*/
import "C"

import (
	"context"
	"sync"
	"time"
	"unsafe"
)

// evalOne serialises EvalSMTLIB2's evaluations (see there).
var evalOne sync.Mutex

// EvalSMTLIB2 runs an SMT-LIB 2 script in a fresh Z3 context
// (Z3_eval_smtlib2_string) and returns what the script printed: one line
// per (check-sat) answer, (echo) string or error. When a command failed
// (Z3 goes on after it, printing an "(error ...)" line), the error is
// returned too, with the output. Once ctx is done Z3 is interrupted and
// EvalSMTLIB2 returns ctx.Err(). The script's checks do not answer
// SIGINT themselves (Z3's handler, installed around each (check-sat)
// whatever the "ctrl_c" parameter of Z3 4.8, takes a SIGINT sent during
// one, which then stops that check only); afterwards the Go runtime's
// handler is back with its own flags.
//
// Evaluations run one at a time in the process (evalOne): Z3 4.8's
// handler is kept in globals (its scoped_ctrl_c) that are not safe for
// concurrent use, and z3w_eval_keeping_sigint's saved disposition is only
// the Go runtime's when no other evaluation runs. Two at once (certify
// -j 2) left Z3's handler installed, pointing at a check that had ended,
// and the next SIGINT crashed the process (SIGSEGV in cmd/cubew's signal
// test, after certify's -j test).
func EvalSMTLIB2(ctx context.Context, script string) (string, error) {
	evalOne.Lock()
	defer evalOne.Unlock()
	if err := ctx.Err(); err != nil {
		return "", err
	}
	c := NewContext()
	defer c.Close()
	cs := C.CString(script)
	defer C.free(unsafe.Pointer(cs))
	// Z3 drops an interrupt that arrives between two commands: repeat it
	// until the evaluation returns, never after (the context is closed).
	var mu sync.Mutex
	finished := false
	stop := context.AfterFunc(ctx, func() {
		for {
			mu.Lock()
			if finished {
				mu.Unlock()
				return
			}
			C.z3w_interrupt(c.z)
			mu.Unlock()
			time.Sleep(maxInterruptDelay)
		}
	})
	out := C.GoString(C.z3w_eval_keeping_sigint(c.z, cs))
	mu.Lock()
	finished = true
	mu.Unlock()
	stop()
	if ctx.Err() != nil {
		return out, ctx.Err()
	}
	if e := c.lastError("eval_smtlib2_string"); e != nil {
		return out, e
	}
	return out, nil
}
