package main

import (
	"errors"
	"fmt"
)

// Exit statuses of the CLI contract (design.md).
const (
	exitSafe         = 0 // every answer SAFE, or parse OK
	exitUnsafe       = 1 // some answer UNSAFE
	exitBadInput     = 2 // bad input or usage
	exitUnknown      = 3 // a limit was reached
	exitDisagreement = 4 // crosscheck found a disagreement

	exitNotFormatted = 1 // fmt -l or -d: some file is not formatted
)

// exitError carries an exit status out of a command; its message, if any,
// has already been printed when silent is set.
type exitError struct {
	code   int
	msg    string
	silent bool
}

func (e *exitError) Error() string { return e.msg }

// withCode returns an error that makes the command exit with code.
func withCode(code int, format string, args ...any) error {
	return &exitError{code: code, msg: fmt.Sprintf(format, args...)}
}

// silentCode returns an error that makes the command exit with code
// without printing anything more.
func silentCode(code int) error { return &exitError{code: code, silent: true} }

// exitCode maps a command's outcome to the exit status and prints the
// error message, if any, to stderr.
func exitCode(err error, printErr func(string)) int {
	if err == nil {
		return exitSafe
	}
	var e *exitError
	if errors.As(err, &e) {
		if !e.silent && e.msg != "" {
			printErr(e.msg)
		}
		return e.code
	}
	// Errors from cobra itself: unknown command or flag, wrong arguments.
	printErr(err.Error())
	return exitBadInput
}
