package z3

/*
#include <stdlib.h>
#include "z3lazy.h"
*/
import "C"

import (
	"context"
	"sync"
	"time"
	"unsafe"
)

// EvalSMTLIB2 runs an SMT-LIB 2 script in a fresh Z3 context
// (Z3_eval_smtlib2_string) and returns what the script printed: one line
// per (check-sat) answer, (echo) string or error. When a command failed
// (Z3 goes on after it, printing an "(error ...)" line), the error is
// returned too, with the output. Once ctx is done Z3 is interrupted and
// EvalSMTLIB2 returns ctx.Err().
func EvalSMTLIB2(ctx context.Context, script string) (string, error) {
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
	out := C.GoString(C.z3w_eval_smtlib2_string(c.z, cs))
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
