package dpor

import (
	"fmt"
	"slices"

	"github.com/cubew/cubew/syntax"
)

// edge labels one step between two states.
type edge struct {
	tr       *trans  // the transition, nil for a flush
	procs    []int   // the transition's parameters
	choices  []value // values picked by the nondeterministic actions, in order
	writes   []write // every write of the transition
	weak     []bool  // writes[i] is a weak write
	buffered bool    // the weak writes went to the acting process's buffer
	proc     int     // the flushing process
	flushed  group   // the group a flush moved to memory
}

// runFlags collects what a search learns besides states.
type runFlags struct {
	hitSteps  bool   // MaxSteps disabled an enabled transition
	hitBuffer bool   // MaxBuffer disabled a transition
	inexact   string // first reason why the search under-approximates
}

func (f *runFlags) approx(reason string) {
	if f.inexact == "" {
		f.inexact = reason
	}
}

// stepper computes the successors of states.
type stepper struct {
	p     *program
	opts  Options
	flags *runFlags
	ev    evaluator // reused by fire (not reentrant)
	// spare holds states a caller handed back (recycle): successors are
	// built in them rather than in new ones.
	spare []*state
	// With guards (guards.go), known holds what is known of each instance
	// in the state being expanded (a watch code; nil: nothing), and
	// successors skips those known not to fire and writes into off what
	// it knows of each after the expansion.
	guards     *guardIndex
	known, off []uint8
	// reuse: the slices of the edges fire passes on are scratch memory,
	// valid until fn returns (the explicit search keeps no edge).
	reuse bool
	ws    []write
	weak  []bool
}

// recycle hands back a successor the caller no longer uses (a state seen
// before): the next successor reuses its memory.
func (s *stepper) recycle(st *state) { s.spare = append(s.spare, st) }

// clone is st.clone, in a recycled state when there is one.
func (s *stepper) clone(st *state) *state {
	if k := len(s.spare) - 1; k >= 0 {
		c := s.spare[k]
		s.spare = s.spare[:k]
		return st.cloneInto(c)
	}
	return st.clone()
}

// successors calls fn for every step from st: transitions first (model
// order, parameter tuples in lexicographic order, nondeterministic choices
// in domain order), then flushes (by process, oldest group first). fn
// returns false to stop. It returns the first evaluation error. The
// parameters are participants: an instance naming the outside process
// has a false guard (outside.go), so it is not evaluated.
func (s *stepper) successors(st *state, fn func(edge, *state) bool) error {
	inst := -1 // the instance's number, as guardIndex numbers them
	for _, t := range s.p.trans {
		for _, procs := range s.p.participantTuples(len(t.t.Params)) {
			inst++
			code := uint8(watchNone)
			if s.known != nil {
				code = s.known[inst]
			}
			cont := true
			var err error
			if code == watchNone {
				var off bool
				if cont, off, err = s.fire(st, t, procs, fn); off && s.guards != nil && s.guards.stable[inst] {
					code = watchCode(s.ev.falseAt)
				}
			}
			if s.guards != nil {
				s.off[inst] = code
			}
			if err != nil || !cont {
				return err
			}
		}
	}
	if st.bufs == nil {
		return nil
	}
	for q := 1; q <= s.p.n; q++ {
		for _, k := range s.p.flushable(st, q) {
			ns := s.clone(st)
			g := st.bufs[q-1][k]
			for _, w := range g {
				ns.vals[w.loc] = w.val
			}
			b := slices.Delete(slices.Clone(st.bufs[q-1]), k, k+1)
			if !s.p.mm.FlushesGroups() {
				b = canonPSO(b)
			}
			ns.bufs[q-1] = b
			if !fn(edge{proc: q, flushed: g}, ns) {
				return nil
			}
		}
	}
	return nil
}

// slot returns the step counter a transition instance uses.
func slot(t *trans, procs []int) int {
	switch {
	case t.actor >= 0:
		return procs[t.actor]
	case len(procs) > 0:
		return procs[0]
	}
	return 0
}

// fire calls fn for each way the instance t(procs) can fire from st; off
// says that its guard is not enabled.
func (s *stepper) fire(st *state, t *trans, procs []int, fn func(edge, *state) bool) (cont, off bool, err error) {
	p := s.p
	actor := 0
	if t.actor >= 0 {
		actor = procs[t.actor]
	}
	buffered := st.bufs != nil
	// fence() and, under TSO, locked transitions wait for an empty buffer.
	locked := buffered && t.readsWeak && t.writesWeak
	if buffered && (t.fence || locked && p.mm.LockedDrains(false)) && pending(st, actor, -1) > 0 {
		return true, false, nil
	}
	ev := &s.ev
	ev.bind(p, st, actor, procs)
	ev.whole = true
	if ok, err := ev.enabled(t, s.flags); !ok {
		return true, true, err
	}
	if s.opts.MaxSteps > 0 && int(st.steps[slot(t, procs)]) >= s.opts.MaxSteps {
		s.flags.hitSteps = true
		return true, false, nil
	}
	f, ok, err := ev.effects(t, nil, s.flags)
	if !ok {
		return err == nil, false, err
	}
	cont = true
	f.each(func(choice []value, kws []kwrite) bool {
		ws := s.ws[:0]
		if !s.reuse {
			ws = make([]write, 0, len(kws))
		}
		for _, w := range kws {
			ws = append(ws, write{loc: w.loc, val: w.val})
		}
		if s.reuse {
			s.ws = ws
		}
		e, ns := s.apply(st, t, procs, actor, locked, ws)
		if ns == nil {
			return true
		}
		e.choices = choice
		if !s.reuse {
			e.choices = slices.Clone(choice)
		}
		cont = fn(e, ns)
		return cont
	})
	return cont, false, nil
}

// apply builds the successor of st by the writes ws of t(procs); it
// returns a nil state when a bound or a drain rule disables the step.
func (s *stepper) apply(st *state, t *trans, procs []int, actor int, locked bool, ws []write) (edge, *state) {
	p := s.p
	e := edge{tr: t, procs: procs, writes: ws}
	if s.reuse {
		e.weak = append(s.weak[:0], make([]bool, len(ws))...)
		s.weak = e.weak
	} else {
		e.procs, e.weak = slices.Clone(procs), make([]bool, len(ws))
	}
	ns := s.clone(st)
	var g group
	for i, w := range ws {
		if st.bufs == nil || !p.locs[w.loc].sym.weak {
			ns.vals[w.loc] = w.val
			continue
		}
		e.weak[i] = true
		if locked {
			// PSO: a locked instruction drains the FIFOs of the
			// locations it writes (TSO: the whole buffer, checked in fire).
			if pending(st, actor, int(w.loc)) > 0 {
				return e, nil
			}
			ns.vals[w.loc] = w.val
			continue
		}
		g = append(g, w)
	}
	if len(g) > 0 {
		slices.SortFunc(g, func(a, b write) int { return int(a.loc) - int(b.loc) })
		if m := s.opts.MaxBuffer; m > 0 {
			full := false
			if p.mm.FlushesGroups() {
				full = pending(st, actor, -1)+len(g) > m
			} else {
				for _, w := range g {
					full = full || pending(st, actor, int(w.loc))+1 > m
				}
			}
			if full {
				s.flags.hitBuffer = true
				return e, nil
			}
		}
		b := append(slices.Clip(st.bufs[actor-1]), g)
		if !p.mm.FlushesGroups() {
			b = canonPSO(b)
		}
		ns.bufs[actor-1] = b
		e.buffered = true
	}
	if ns.steps != nil {
		ns.steps[slot(t, procs)]++
	}
	return e, ns
}

// check evaluates the properties on st: the first property and parameter
// tuple (pairwise distinct participants: an instance naming the outside
// process is false, outside.go) that make it true, or res = tUnknown
// when none is true but some instance is unknown.
func (p *program) check(st *state, props []property) (idx int, procs []int, res truth, err error) {
	res = tFalse
	ev := &p.checkEv
	for _, pr := range props {
		for _, tuple := range p.participantTuples(len(pr.p.Params)) {
			ev.bind(p, st, 0, tuple)
			ev.avoid = true
			switch pr.bodyCode(ev) {
			case tTrue:
				if ev.err == nil {
					return pr.idx, slices.Clone(tuple), tTrue, nil
				}
			case tUnknown:
				res = tUnknown
			}
			if ev.err != nil {
				return 0, nil, tUnknown, ev.err
			}
		}
	}
	return 0, nil, res, nil
}

// propName names an unsafe or invariant item for messages.
func propName(pr *syntax.Property, idx int) string {
	if pr.Name != "" {
		return pr.Name
	}
	kind := "unsafe"
	if pr.Kind == syntax.Invariant {
		kind = "invariant"
	}
	return fmt.Sprintf("%s[%d]", kind, idx+1)
}
