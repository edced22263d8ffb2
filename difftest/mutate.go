package difftest

import (
	"fmt"

	"github.com/cubew/cubew/syntax"
)

// Mutant is a model derived from another by one small change.
type Mutant struct {
	Name string // the original's name, the kind of change and its site number
	Kind string // drop-conjunct, drop-fence, drop-action, swap-value, make-weak
	Src  string
}

// Mutants returns every single-change mutant of the model src that still
// type-checks under opts: a guard conjunct dropped, a fence() dropped, an
// assignment dropped, a constructor replaced by the next one of its type,
// a variable made weak. It also returns how many mutants did not
// type-check (discarded). The order is the order of the sites in the
// file, so the result is deterministic.
func Mutants(name string, src []byte, opts syntax.CheckOptions) (out []Mutant, rejected int, err error) {
	orig, err := syntax.ParseAndCheck(name, src, opts)
	if err != nil {
		return nil, 0, err
	}
	f, err := syntax.Parse(name, src)
	if err != nil {
		return nil, 0, err
	}
	n := len(sites(f, orig))
	for i := range n {
		f, _ := syntax.Parse(name, src)
		f.Comments = nil
		s := sites(f, orig)[i]
		s.apply()
		text := syntax.Print(f)
		mname := fmt.Sprintf("%s~%s-%d", name, s.kind, i)
		if _, err := syntax.ParseAndCheck(mname, []byte(text), opts); err != nil {
			rejected++
			continue
		}
		out = append(out, Mutant{Name: mname, Kind: s.kind, Src: text})
	}
	return out, rejected, nil
}

// site is one place a mutation applies, with the change to make there.
type site struct {
	kind  string
	apply func()
}

// sites lists the mutation sites of f in file order; m is the checked
// model of the same text, for the types of constructors.
func sites(f *syntax.File, m *syntax.Model) []site {
	var out []site
	for _, s := range f.Symbols {
		if s.Kind != syntax.KindConst && !s.Weak {
			out = append(out, site{"make-weak", func() { s.Weak = true }})
		}
	}
	for _, it := range f.Items {
		switch it := it.(type) {
		case *syntax.Init:
			out = append(out, swaps(it.Body, m)...)
		case *syntax.Property:
			out = append(out, swaps(it.Body, m)...)
		case *syntax.Transition:
			out = append(out, transitionSites(it, m)...)
		}
	}
	return out
}

// transitionSites lists the sites of one transition.
func transitionSites(t *syntax.Transition, m *syntax.Model) []site {
	var out []site
	setGuard := func(g syntax.Formula) { t.Guard = g }
	out = append(out, conjunctSites(t.Guard, setGuard)...)
	out = append(out, fenceSites(t.Guard, setGuard)...)
	out = append(out, swaps(t.Guard, m)...)
	for i, a := range t.Actions {
		out = append(out, site{"drop-action", func() {
			t.Actions = append(t.Actions[:i:i], t.Actions[i+1:]...)
		}})
		switch v := a.Value.(type) {
		case *syntax.TermRHS:
			out = append(out, termSwaps(v.Term, func(x syntax.Term) { v.Term = x }, m)...)
		case *syntax.Case:
			for _, b := range v.Branches {
				out = append(out, swaps(b.Cond, m)...)
				out = append(out, termSwaps(b.Value, func(x syntax.Term) { b.Value = x }, m)...)
			}
		}
	}
	return out
}

// conjunctSites lists, for each conjunction reachable from f through
// conjunctions, dropping its left or its right side.
func conjunctSites(f syntax.Formula, set func(syntax.Formula)) []site {
	b, ok := f.(*syntax.Binary)
	if !ok || b.Op != syntax.OpAnd {
		return nil
	}
	out := []site{
		{"drop-conjunct", func() { set(b.R) }},
		{"drop-conjunct", func() { set(b.L) }},
	}
	out = append(out, conjunctSites(b.L, func(x syntax.Formula) { b.L = x })...)
	return append(out, conjunctSites(b.R, func(x syntax.Formula) { b.R = x })...)
}

// fenceSites lists the fence() atoms of a guard, each dropped: a conjunct
// fence() is removed from its conjunction, a guard that is only fence()
// removed, any other fence() replaced by true.
func fenceSites(f syntax.Formula, set func(syntax.Formula)) []site {
	switch x := f.(type) {
	case *syntax.Fence:
		return []site{{"drop-fence", func() { set(&syntax.BoolLit{Pos: x.Pos, Value: true}) }}}
	case *syntax.Binary:
		if x.Op == syntax.OpAnd {
			if _, ok := x.L.(*syntax.Fence); ok {
				return append([]site{{"drop-fence", func() { set(x.R) }}}, fenceSites(x.R, func(y syntax.Formula) { x.R = y })...)
			}
			if _, ok := x.R.(*syntax.Fence); ok {
				return append(fenceSites(x.L, func(y syntax.Formula) { x.L = y }), site{"drop-fence", func() { set(x.L) }})
			}
		}
		return append(fenceSites(x.L, func(y syntax.Formula) { x.L = y }), fenceSites(x.R, func(y syntax.Formula) { x.R = y })...)
	case *syntax.Not:
		return fenceSites(x.X, func(y syntax.Formula) { x.X = y })
	case *syntax.Quant:
		return fenceSites(x.Body, func(y syntax.Formula) { x.Body = y })
	case *syntax.Ite:
		return append(fenceSites(x.Then, func(y syntax.Formula) { x.Then = y }), fenceSites(x.Else, func(y syntax.Formula) { x.Else = y })...)
	}
	return nil
}

// swaps lists the constructors of f's comparisons, each replaced by the
// next constructor of its type.
func swaps(f syntax.Formula, m *syntax.Model) []site {
	switch x := f.(type) {
	case *syntax.Compare:
		return append(termSwaps(x.L, func(t syntax.Term) { x.L = t }, m), termSwaps(x.R, func(t syntax.Term) { x.R = t }, m)...)
	case *syntax.Binary:
		return append(swaps(x.L, m), swaps(x.R, m)...)
	case *syntax.Not:
		return swaps(x.X, m)
	case *syntax.Quant:
		return swaps(x.Body, m)
	case *syntax.Ite:
		return append(append(swaps(x.Cond, m), swaps(x.Then, m)...), swaps(x.Else, m)...)
	}
	return nil
}

// termSwaps lists t, when it is a constructor of a type with several, as
// replaced by the next constructor.
func termSwaps(t syntax.Term, set func(syntax.Term), m *syntax.Model) []site {
	n, ok := t.(*syntax.Name)
	if !ok {
		return nil
	}
	sym := m.Symbols[n.Name]
	if sym == nil || sym.Class != syntax.SymConstructor || len(sym.Type.Constructors) < 2 {
		return nil
	}
	cs := sym.Type.Constructors
	for i, c := range cs {
		if c == n.Name {
			next := cs[(i+1)%len(cs)]
			return []site{{"swap-value", func() { set(&syntax.Name{Pos: n.Pos, Name: next}) }}}
		}
	}
	return nil
}
