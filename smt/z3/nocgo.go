//go:build !cgo

package z3

import (
	"context"
	"errors"

	"github.com/cubew/cubew/smt"
)

// errNoCgo is what a build without cgo answers wherever Z3 is needed: the
// same case as a missing libz3 (see [Load]).
var errNoCgo = errors.New("z3: this cubew was built without cgo (CGO_ENABLED=0), so it cannot load libz3; build it with cgo for the checks smt/front's built-in procedure cannot answer")

// Load reports that Z3 cannot be loaded: the package was built without
// cgo. Such a build still runs every search whose checks smt/front's
// built-in procedure answers, and starts faster: a static binary without
// the dynamic loader, libc and pthread threads.
func Load() error { return errNoCgo }

// Backend returns Load's error: without cgo there is no Z3 backend.
func Backend() (smt.Solver, error) { return nil, errNoCgo }

// EvalSMTLIB2 returns Load's error: without cgo there is no Z3.
func EvalSMTLIB2(ctx context.Context, script string) (string, error) { return "", errNoCgo }
