package z3

/*
#include <stdlib.h>
#include <z3.h>
*/
import "C"

import "unsafe"

// EvalSMTLIB2 runs an SMT-LIB 2 script in a fresh Z3 context
// (Z3_eval_smtlib2_string) and returns what the script printed: one line
// per (check-sat) answer, (echo) string or error. When a command failed
// (Z3 goes on after it, printing an "(error ...)" line), the error is
// returned too, with the output.
func EvalSMTLIB2(script string) (string, error) {
	c := NewContext()
	defer c.Close()
	cs := C.CString(script)
	defer C.free(unsafe.Pointer(cs))
	out := C.GoString(C.Z3_eval_smtlib2_string(c.z, cs))
	if e := c.lastError("eval_smtlib2_string"); e != nil {
		return out, e
	}
	return out, nil
}
