package dpor

import (
	"context"

	"github.com/cubew/cubew/syntax"
)

// ReachableClasses explores the instance as Reachable does, but keeps the
// run lazy and reports one state per class of states, so that a model
// whose init leaves values free and whose stale data multiply its states
// (FLASH: every cache line, message and pointer starts free) is explored
// completely within a small state budget:
//   - a location that init leaves free keeps its symbolic initial value
//     (lazy.go) as long as no evaluation depends on it; fn sees it as
//     unknown (State.Value returns nil). When a run under-approximated
//     and is repeated with more locations enumerated, restart is called
//     before the first state of the new run: the caller drops the states
//     the earlier run reported;
//   - with opts.DeadValues, the cells that are dead in a state (dead.go)
//     are unknown in the state fn sees: the other states of its class
//     hold other values there.
//
// So when the result is Safe, every reachable state of the instance
// equals some reported state, up to a permutation of the participants
// with opts.Symmetry, on every location whose value the reported state
// knows: the last run decided nothing on a symbolic value, so it stands
// for every choice of them, and dead cells are the only ones in which
// the states of a class differ.
func ReachableClasses(ctx context.Context, m *syntax.Model, opts Options, restart func(), fn func(State)) (*Result, error) {
	opts.lazyStates = true
	run := -1
	var last *program
	res, err := explore(ctx, m, opts, func(p *program, st *state) {
		if k := enumerated(p); k != run {
			run = k
			restart()
		}
		last = p
		fn(State{p: p, st: p.dead.withoutDead(st, &state{})})
	})
	if last != nil && enumerated(last) != run {
		restart() // the last run reported no state
	}
	return res, err
}

// enumerated counts the free locations enumerated so far: it grows from
// one lazy run to the next, so it tells the runs apart.
func enumerated(p *program) int {
	k := 0
	for l, e := range p.lazy.enum {
		if e && p.lazy.free[l] {
			k++
		}
	}
	return k
}
