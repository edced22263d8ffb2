package z3

// #include "z3lazy.h"
import "C"

// Error is a failure reported by Z3, such as an ill-sorted term.
type Error struct {
	Op   string // the Z3 operation that failed, e.g. "mk_and" for Z3_mk_and
	Code int    // Z3_error_code, e.g. 1 for a sort error, 12 for an exception with a message
	Msg  string // Z3's message
}

// Error returns "z3: OP: MSG".
func (e *Error) Error() string { return "z3: " + e.Op + ": " + e.Msg }

// Err returns the sticky error: the first failure of a builder or of
// Assert in c, or nil. Once set it stays, and every later check of every
// Solver in c returns it, because an assertion was lost.
func (c *Context) Err() error {
	c.live()
	if c.err == nil { // a nil *Error in an error interface would not be nil
		return nil
	}
	return c.err
}

// lastError returns Z3's error for the last call, or nil if there was none.
func (c *Context) lastError(op string) *Error {
	code := C.z3w_get_error_code(c.z)
	if code == C.Z3_OK {
		return nil
	}
	return &Error{Op: op, Code: int(code), Msg: C.GoString(C.z3w_get_error_msg(c.z, code))}
}

// fail records Z3's error for the last call as the sticky error, unless one
// is recorded already. It is called when a call returned no result, so a
// missing error code is itself reported.
func (c *Context) fail(op string) {
	e := c.lastError(op)
	if e == nil {
		e = &Error{Op: op, Msg: "no result and no error code"}
	}
	c.setErr(e)
}

// check records Z3's error for the last call, which returns nothing, as the
// sticky error.
func (c *Context) check(op string) {
	if e := c.lastError(op); e != nil {
		c.setErr(e)
	}
}

// setErr records e as the sticky error unless one is recorded already.
func (c *Context) setErr(e *Error) {
	if c.err == nil {
		c.err = e
	}
}
