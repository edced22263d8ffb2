package dpor

import (
	"context"

	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// State is one reachable state of an explicit exploration, as Reachable
// reports it. States are immutable: a caller may keep them.
type State struct {
	p  *program
	st *state
}

// Value returns what memory holds for symbol name at the processes procs
// (1-based; nil for a scalar) as a term: a constructor, a process constant
// or a number. It returns nil when the engine does not know the value (an
// unconstrained initial value), for an unknown name or cell, and for a
// weak location (its value depends on the reading process's buffer).
func (s State) Value(name string, procs []int) *translate.Term {
	l, ok := s.p.memoryCell(name, procs)
	if !ok {
		return nil
	}
	return s.term(s.st.vals[l])
}

// memoryCell is the cell of symbol name at the processes procs whose
// value memory alone holds; false for an unknown name or cell and for a
// weak location (Value).
func (p *program) memoryCell(name string, procs []int) (int, bool) {
	sy := p.syms[name]
	if sy == nil || sy.weak {
		return 0, false
	}
	l, err := p.cell(sy, procs)
	return l, err == nil
}

// Values returns the Value of symbol name at the processes procs in each
// of states, each distinct value made a term once (the oracle's column of
// a cell over an instance's states: a call of Value per state looked the
// symbol up and made the term every time, 13 % of ricart_agrawala's
// check).
func Values(states []State, name string, procs []int) []*translate.Term {
	out := make([]*translate.Term, len(states))
	var p *program
	l, known := 0, false
	terms := map[value]*translate.Term{}
	for i, s := range states {
		if s.p != p {
			p = s.p
			l, known = p.memoryCell(name, procs)
			clear(terms)
		}
		if !known {
			continue
		}
		v := s.st.vals[l]
		t, ok := terms[v]
		if !ok {
			t = s.term(v)
			terms[v] = t
		}
		out[i] = t
	}
	return out
}

// View returns what process reader (1-based) would read now at the cell
// procs of symbol name, as Value returns a value: its newest buffered
// write there, else memory (design.md, reference semantics: the value of
// `reader @ name[procs]` in the unsafe formula; without buffers, under
// SC, memory's). It returns nil for an unknown name, cell or reader, and
// when the value is unknown.
func (s State) View(name string, procs []int, reader int) *translate.Term {
	sy := s.p.syms[name]
	if sy == nil || reader < 1 || s.st.bufs != nil && reader > len(s.st.bufs) {
		return nil
	}
	l, err := s.p.cell(sy, procs)
	if err != nil {
		return nil
	}
	return s.term(s.p.read(s.st, reader, l))
}

// term is v as a term; nil when it is unknown.
func (s State) term(v value) *translate.Term {
	switch v.K {
	case kCons:
		return translate.CtorTerm(s.p.cons[v.N])
	case kProc:
		return translate.ProcTerm(translate.Proc(-v.N))
	case kInt, kReal:
		return s.p.num.term(v)
	}
	return nil
}

// Reachable explores the instance as Explicit does and calls fn on every
// reachable state, in breadth-first order. The exploration stops at the
// first unsafe state and at opts.MaxStates, as Explicit's does: the
// result says which.
func Reachable(ctx context.Context, m *syntax.Model, opts Options, fn func(State)) (*Result, error) {
	return explore(ctx, m, opts, func(p *program, st *state) { fn(State{p: p, st: st}) })
}
