package dpor

import "github.com/cubew/cubew/syntax"

// freeLocs tracks the locations whose initial value init leaves free (init
// does not mention their symbol). Enumerating their candidates up front
// multiplies the initial states (a register written before it is read
// would give one copy of the whole exploration per candidate), so a lazy
// run starts them with the symbolic value kFree{N: l} instead, which
// evaluates like any unknown value, and records which of them an
// evaluation read. If the run under-approximated, the free locations it
// read are enumerated and the run is repeated (initLazily). A run that did
// not under-approximate never decided anything on a symbolic value, so it
// stands for every concrete choice of them.
type freeLocs struct {
	free []bool // free[l]: init does not mention l's symbol
	enum []bool // enum[l]: a free location enumerated anyway (an earlier run read it)
	read []bool // read[l]: the current run read l's symbolic initial value
}

// freeValue is the symbolic initial value of the free location l.
func freeValue(l int) value { return value{K: kFree, N: int64(l)} }

// noteFree records that an evaluation read v, and returns v.
func (p *program) noteFree(v value) value {
	if v.K == kFree && p.lazy != nil {
		p.lazy.read[v.N] = true
	}
	return v
}

// symbolic reports whether location l starts with its symbolic value.
func (p *program) symbolic(l int) bool {
	return p.lazy != nil && p.lazy.free[l] && !p.lazy.enum[l]
}

// initLazily runs run (one complete exploration from the initial states)
// with free initial values left symbolic, and again with the free
// locations read so far enumerated, as long as the last run
// under-approximated (exact false) and read a symbolic value that is not
// enumerated yet. It returns the first error.
//
// With eager set (a caller watches every state or graph, which a repeated
// run would show twice), every location is enumerated and run runs once.
func (p *program) initLazily(eager bool, run func() (exact bool, err error)) error {
	if eager {
		_, err := run()
		return err
	}
	p.startLazy(nil)
	for {
		clear(p.lazy.read)
		exact, err := run()
		if err != nil || exact {
			return err
		}
		grew := false
		for l, r := range p.lazy.read {
			if r && !p.lazy.enum[l] {
				p.enumerate(l)
				grew = true
			}
		}
		if !grew {
			return nil
		}
	}
}

// rerunDue reports whether the current lazy run will be repeated whatever
// it does next: it under-approximated (inexact is its first reason) and
// read a free location that is not enumerated yet. Such a run may stop
// at once: initLazily discards its counts, and an unsafe state it could
// still find, the next run finds too (the path reaching it decided
// nothing on a symbolic value, so it exists for each enumerated value).
func (p *program) rerunDue(inexact string) bool {
	if inexact == "" || p.lazy == nil {
		return false
	}
	for l, r := range p.lazy.read {
		if r && !p.lazy.enum[l] {
			return true
		}
	}
	return false
}

// freeText is how the symbolic value of a free location is printed (in a
// witness's initial state: any value will do).
const freeText = "any"

// startLazy marks the free locations, and enumerates those whose value in
// init (the bindings of a witness's initial state; nil: none) is not
// symbolic.
func (p *program) startLazy(init []Binding) {
	mentioned := map[string]bool{}
	syntax.WalkFormula(p.init, func(t syntax.Term) {
		switch t := t.(type) {
		case *syntax.Name:
			mentioned[t.Name] = true
		case *syntax.Cell:
			mentioned[t.Array] = true
		}
	}, nil)
	n := len(p.locs)
	p.lazy = &freeLocs{free: make([]bool, n), enum: make([]bool, n), read: make([]bool, n)}
	for l, lc := range p.locs {
		p.lazy.free[l] = !mentioned[lc.sym.s.Name]
		p.lazy.enum[l] = l < len(init) && init[l].Value != freeText
	}
}

// enumerate marks the free location l as enumerated; with states keyed up
// to process permutations, every cell of its orbit too, so that the
// initial states stay closed under permutation: the cells of its symbol
// with the outside process (which permutations fix) at the same indices
// (flash's Sort[#N+1], which nothing reads, stays symbolic).
func (p *program) enumerate(l int) {
	p.lazy.enum[l] = true
	if !p.canonical {
		return
	}
	for k, lc := range p.locs {
		if lc.sym == p.locs[l].sym && p.sameOutside(lc.procs, p.locs[l].procs) {
			p.lazy.enum[k] = true
		}
	}
}

// sameOutside reports whether two cells of one symbol have the outside
// process at the same indices.
func (p *program) sameOutside(a, b []int) bool {
	for i := range a {
		if (a[i] > p.participants) != (b[i] > p.participants) {
			return false
		}
	}
	return true
}
