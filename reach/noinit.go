package reach

import (
	"context"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/translate"
)

// NoInitialState reports whether sys has no initial state in any
// instance: the initial formula holds for every choice of its parameters,
// not necessarily distinct, so every instance's initial states satisfy
// its instantiation with every parameter on one process, and the solver
// finds that one unsatisfiable (meetsInit on a cube of one process and no
// literal; a system has at least one process). Such a system reaches no
// state at all, and every property holds vacuously (`init (z z1) {
// V[z,z1] = 1.0 && V[z,z1] = 0.0 }`); the backward search would never
// meet the initial states, but need not close a fixpoint either. A system
// whose initial formula names process constants (`#1`) is not judged
// (false): an instantiation on one process variable says nothing there of
// the instances where that process is a constant. Invariant items are not
// assumed.
func NoInitialState(ctx context.Context, sys *translate.System, opts Options) (bool, error) {
	consts := map[translate.Proc]bool{}
	for _, conj := range sys.Init.DNF {
		litConsts(consts, conj)
	}
	if len(consts) > 0 {
		return false, nil
	}
	opts.AssumeInvariants = false
	opts.Model = searchModel(sys, memmodel.Or(opts.Model, sys.Model != nil && sys.Model.Weak))
	e := &engine{sys: sys, opts: opts}
	w := e.newWorker()
	defer w.s.Close()
	m, err := w.meetsInit(ctx, &node{cube: &translate.Cube{NVars: 1}})
	return err == nil && !m.reached, err
}

// Vacuous is the Safe result of a system with no initial state
// (NoInitialState): no search ran; its visited set is the cube of every
// state (no process, no literal), whose negation, false, is an inductive
// invariant that holds initially since no state is initial.
func Vacuous(sys *translate.System, opts Options) *Result {
	r := &Result{Verdict: translate.Safe, Invariant: []InvariantCube{{Node: 1, Cube: &translate.Cube{}}}}
	var names []string
	if sys.Model != nil {
		names = sys.Model.InvariantNames()
	}
	if opts.AssumeInvariants {
		r.Assumed = names
	} else {
		r.Proved = names
	}
	return r
}
