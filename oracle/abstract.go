package oracle

import (
	"fmt"
	"maps"
	"slices"

	"github.com/cubew/cubew/syntax"
)

// abstractValues is how many values the oracle gives an abstract type:
// one, so that data (the values a cache protocol stores and forwards) does
// not multiply the states of an instance. Two already made German's
// protocol (german.ctc) exceed 200,000 states with two processes, against
// 1,579 with one.
const abstractValues = 1

// finiteAbstract returns m with every abstract type turned into an
// enumeration of abstractValues values named `Type·k`, so that the
// explicit engine can enumerate initial states that compare such values
// (`MemData = AuxData`). Those instances under-approximate the model's:
// a guard that needs two distinct values never holds there. Their states
// are still the control states of a protocol whose control does not
// depend on its data, which is all an oracle guesses: package reach keeps
// literals over abstract values out of candidates, and proves every
// candidate it uses. m is returned unchanged when it has no abstract type.
func finiteAbstract(m *syntax.Model) *syntax.Model {
	enums := map[*syntax.Type]*syntax.Type{}
	for _, t := range m.Types {
		if t.Kind == syntax.TAbstract {
			e := &syntax.Type{Name: t.Name, Kind: syntax.TEnum}
			for k := 1; k <= abstractValues; k++ {
				e.Constructors = append(e.Constructors, fmt.Sprintf("%s·%d", t.Name, k))
			}
			enums[t] = e
		}
	}
	if len(enums) == 0 {
		return m
	}
	out := *m
	out.Types = make(map[string]*syntax.Type, len(m.Types))
	for name, t := range m.Types {
		if e, ok := enums[t]; ok {
			t = e
		}
		out.Types[name] = t
	}
	out.Symbols = make(map[string]*syntax.Symbol, len(m.Symbols))
	for name, s := range m.Symbols {
		if e, ok := enums[s.Type]; ok {
			c := *s
			c.Type = e
			s = &c
		}
		out.Symbols[name] = s
	}
	for _, e := range enums {
		for _, c := range e.Constructors {
			out.Symbols[c] = &syntax.Symbol{Name: c, Class: syntax.SymConstructor, Type: e}
		}
	}
	out.Init = pinned(&out, enums)
	return &out
}

// pinned returns m's init saying that each location of an abstract type
// holds the type's single value, which it does in every state anyway.
// Left free by init, such a location would stay symbolic in the
// explorations (dpor.ReachableClasses), and copies of distinct symbolic
// values make distinct states where the single value makes one
// (german.ctc with 3 processes: more than 30,000 states, against
// 5,755). An array is pinned at init's parameter, so only when init has
// one and the array one index.
func pinned(m *syntax.Model, enums map[*syntax.Type]*syntax.Type) *syntax.Init {
	if m.Init == nil {
		return nil
	}
	single := map[*syntax.Type]bool{}
	for _, e := range enums {
		single[e] = true
	}
	init := *m.Init
	for _, name := range slices.Sorted(maps.Keys(m.Symbols)) {
		s := m.Symbols[name]
		if s.Class == syntax.SymConstructor || !single[s.Type] {
			continue
		}
		var loc syntax.Term = &syntax.Name{Name: name}
		switch {
		case s.Arity == 1 && len(init.Params) == 1:
			loc = &syntax.Cell{Array: name, Index: []syntax.Proc{{Var: init.Params[0].Name}}}
		case s.Arity > 0:
			continue
		}
		pin := &syntax.Compare{Op: syntax.OpEq, L: loc, R: &syntax.Name{Name: s.Type.Constructors[0]}}
		if init.Body == nil {
			init.Body = pin
		} else {
			init.Body = &syntax.Binary{Op: syntax.OpAnd, L: init.Body, R: pin}
		}
	}
	return &init
}
