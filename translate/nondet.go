package translate

import (
	"fmt"

	"github.com/cubew/cubew/syntax"
)

// weakNondetVariants expands the nondeterministic assignments to weak
// variables of t (`X := .` with X weak) into one variant of t per value
// written: a weak assignment is a write event, and the event-explicit
// encoding needs the value it writes. An enumeration (bool included) gives
// one variant per constructor; a process gives one per parameter of t and
// one with a further parameter, the process written. Other types have no
// finite set of values to enumerate: the assignment is an error.
//
// The variants share t's name and position. A transition without such an
// assignment is its own only variant.
func (b *builder) weakNondetVariants(t *syntax.Transition) []*syntax.Transition {
	variants := []*syntax.Transition{t}
	for i, a := range t.Actions {
		nd, ok := a.Value.(*syntax.Nondet)
		sym := b.m.Symbols[a.Target]
		if !ok || sym == nil || !sym.Weak {
			continue
		}
		var next []*syntax.Transition
		for _, v := range variants {
			for _, vv := range b.weakNondetValues(v, nd.Pos, sym) {
				next = append(next, withAction(vv.t, i, vv.term))
			}
		}
		variants = next
	}
	return variants
}

// weakNondetValues lists the variants of t for the values a nondeterministic
// write to sym can write, each as t (perhaps with a further parameter) and
// the term written.
func (b *builder) weakNondetValues(t *syntax.Transition, pos syntax.Pos, sym *syntax.Symbol) []variantValue {
	var out []variantValue
	switch sym.Type.Kind {
	case syntax.TBool, syntax.TEnum:
		for _, c := range sym.Type.Constructors {
			out = append(out, variantValue{t: t, term: &syntax.Name{Pos: pos, Name: c}})
		}
	case syntax.TProc:
		for _, p := range t.Params {
			out = append(out, variantValue{t: t, term: &syntax.Proc{Pos: pos, Var: p.Name}})
		}
		fresh := freshParam(t)
		wider := *t
		wider.Params = append(append([]syntax.Param(nil), t.Params...), syntax.Param{Pos: pos, Name: fresh})
		out = append(out, variantValue{t: &wider, term: &syntax.Proc{Pos: pos, Var: fresh}})
	default:
		b.errorf(pos, "a nondeterministic value for weak variable %s of type %s is not supported (only enumerations, bool and proc)", sym.Name, sym.Type.Name)
	}
	return out
}

// variantValue is one variant of a transition and the value it writes.
type variantValue struct {
	t    *syntax.Transition
	term syntax.Term
}

// withAction returns a copy of t whose action i assigns term.
func withAction(t *syntax.Transition, i int, term syntax.Term) *syntax.Transition {
	out := *t
	out.Actions = append([]*syntax.Action(nil), t.Actions...)
	a := *t.Actions[i]
	a.Value = &syntax.TermRHS{Term: term}
	out.Actions[i] = &a
	return &out
}

// freshParam returns a parameter name t does not use; the quote keeps it
// apart from every name a model can spell.
func freshParam(t *syntax.Transition) string {
	return fmt.Sprintf("written'%d", len(t.Params)+1)
}
