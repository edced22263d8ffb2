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

// Column is the value of one cell in each of an instance's states:
// Vals[IDs[i]] in state i, where Vals[0] is nil, a value the engine does
// not know (Value). Each distinct value has one ID (per program), so a
// caller evaluates a literal once per pair of IDs, not per state.
type Column struct {
	IDs  []uint32
	Vals []*translate.Term
}

// Columns returns the Column of each of cells (the processes, 1-based, of
// a cell of symbol name, as Value takes them) over states, reading each
// state's memory once for all of them: the oracle's columns of a symbol's
// cells over an instance (a pass over the states per cell, Value's way
// with its lookups done once, fetched every state again for each cell:
// 13 % of ricart_agrawala's check).
func Columns(states []State, name string, cells [][]int) []Column {
	out := make([]Column, len(cells))
	for j := range out {
		out[j] = Column{IDs: make([]uint32, len(states)), Vals: []*translate.Term{nil}}
	}
	var p *program
	locs := make([]int, len(cells))
	known := make([]bool, len(cells))
	ids := make([]map[value]uint32, len(cells))
	for i, s := range states {
		if s.p != p {
			p = s.p
			for j, c := range cells {
				locs[j], known[j] = p.memoryCell(name, c)
				ids[j] = map[value]uint32{}
			}
		}
		vals := s.st.vals
		for j := range cells {
			if !known[j] {
				continue
			}
			v := vals[locs[j]]
			id, ok := ids[j][v]
			if !ok {
				if t := s.term(v); t != nil {
					id = uint32(len(out[j].Vals))
					out[j].Vals = append(out[j].Vals, t)
				}
				ids[j][v] = id
			}
			out[j].IDs[i] = id
		}
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
