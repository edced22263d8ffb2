package z3

// #include "z3lazy.h"
import "C"

import (
	"context"
	"errors"
	"time"

	"github.com/cubew/cubew/smt"
)

// ErrInterrupted is the error of every check of a Solver after one of its
// checks was interrupted (see [Solver.Check]).
var ErrInterrupted = errors.New("z3: an earlier check of this solver was interrupted, and Z3 may have lost assertions; use a new solver")

// maxInterruptDelay bounds the wait between two interrupts of one check.
const maxInterruptDelay = 50 * time.Millisecond

// Check reports whether the assertions of s are satisfiable
// (Z3_solver_check). After Sat, [Solver.Eval] reads the model.
//
// A check that exceeds the timeout (see [Solver.SetTimeout]) returns
// Unknown and a nil error. If ctx is done before or during the check, the
// check is interrupted and returns Unknown and ctx.Err(). If the Context
// has a sticky error, Check returns Unknown and that error without calling
// Z3.
//
// An interrupted check leaves s unusable: every later check returns
// Unknown and [ErrInterrupted]. Z3 4.8 can lose assertions when an
// interrupt lands while it is still taking them in, and then answers Sat
// for unsatisfiable assertions, with models that violate them (seen on
// the pigeonhole formula; timeouts do not do this). Make a new Solver.
func (s *Solver) Check(ctx context.Context) (smt.Result, error) {
	s.live()
	return s.run(ctx, 0, nil, false, "solver_check")
}

// CheckAssumptions is [Solver.Check] with the formulas in assumptions
// assumed true for this check only (Z3_solver_check_assumptions). After
// Unsat, [Solver.UnsatCore] names the assumptions responsible.
func (s *Solver) CheckAssumptions(ctx context.Context, assumptions ...smt.Term) (smt.Result, error) {
	s.live()
	n, p, ok := s.args(assumptions)
	if !ok {
		return smt.Unknown, s.Err() // a zero Term: the sticky error is set
	}
	return s.run(ctx, n, p, true, "solver_check_assumptions")
}

// run performs one check under ctx, with the n assumptions at p if assume
// is set.
func (s *Solver) run(ctx context.Context, n C.uint, p *C.Z3_ast, assume bool, op string) (smt.Result, error) {
	s.forget()
	if s.Context.err != nil {
		return smt.Unknown, s.Context.err
	}
	if err := ctx.Err(); err != nil {
		return smt.Unknown, err
	}
	if s.tainted {
		return smt.Unknown, ErrInterrupted
	}

	s.mu.Lock()
	s.gen++
	gen := s.gen
	s.running, s.interrupted = true, false
	s.mu.Unlock()
	stop := context.AfterFunc(ctx, func() { s.interrupt(gen) })

	start := time.Now()
	var r C.Z3_lbool
	if assume {
		r = C.z3w_solver_check_assumptions(s.z, s.s, n, p)
	} else {
		r = C.z3w_solver_check(s.z, s.s)
	}
	elapsed := time.Since(start)

	s.mu.Lock()
	s.running = false
	interrupted := s.interrupted
	s.mu.Unlock()
	stop()

	res, err := smt.Unknown, error(nil)
	switch {
	case interrupted:
		err = ctx.Err()
		s.tainted = true
	case r == C.Z3_L_TRUE:
		res = smt.Sat
	case r == C.Z3_L_FALSE:
		res = smt.Unsat
	default:
		if e := s.lastError(op); e != nil {
			err = e
		}
	}
	s.count(res, elapsed)
	s.answer = res
	s.assumed = assume
	return res, err
}

// interrupt runs on its own goroutine once the ctx of check number gen is
// done. It calls Z3_interrupt while that check runs, repeatedly, because Z3
// drops an interrupt that arrives before the check listens for one.
func (s *Solver) interrupt(gen uint64) {
	for delay := time.Millisecond; ; delay = min(2*delay, maxInterruptDelay) {
		s.mu.Lock()
		if !s.running || s.gen != gen {
			s.mu.Unlock()
			return
		}
		C.z3w_interrupt(s.z)
		s.interrupted = true
		s.mu.Unlock()
		time.Sleep(delay)
	}
}

// count adds one check with result r to the statistics.
func (s *Solver) count(r smt.Result, d time.Duration) { s.stats.Count(r, d) }
