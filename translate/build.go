package translate

import (
	"fmt"

	"github.com/cubew/cubew/syntax"
)

// Build translates a checked model. Constructs that Check accepts but the
// engines do not support come back as positioned syntax errors.
func Build(m *syntax.Model) (*System, error) { return BuildContext(nil, m) }

// Stopper is what BuildContext polls: a context.Context, or nil.
type Stopper interface{ Err() error }

// BuildContext is Build polling ctx (when not nil) while it puts formulas
// in disjunctive normal form, which can take exponential time and memory:
// once ctx is done it returns ctx.Err().
func BuildContext(ctx Stopper, m *syntax.Model) (*System, error) {
	b := &builder{m: m, stop: ctx}
	sys := &System{Model: m, NumProcs: m.NumProcs}
	if m.Init != nil {
		sys.Init = b.init(m.Init)
	}
	for _, t := range m.Transitions {
		if b.halted() {
			break
		}
		sys.Transitions = append(sys.Transitions, b.transition(t)...)
	}
	// Properties are simplified with the subtypes known.
	registerSubtypes(computeSubtypes(sys))
	for i, p := range m.Unsafes {
		sys.Unsafe = append(sys.Unsafe, b.property(p, "unsafe", i)...)
	}
	for i, p := range m.Invariants {
		sys.Invariants = append(sys.Invariants, b.property(p, "invariant", i)...)
	}
	if b.stopped != nil {
		return nil, b.stopped
	}
	if len(b.errs) > 0 {
		b.errs.Sort()
		return nil, b.errs
	}
	return sys, nil
}

type builder struct {
	m    *syntax.Model
	errs syntax.ErrorList
	ctx  context
	// finals are the reads `p @ X` of the property being translated.
	finals []Event
	// stop is polled every stopEvery conjunctions made; stopped is its
	// error once done, and then the DNFs come back empty.
	stop    Stopper
	made    int
	stopped error
}

// stopEvery is how many DNF conjunctions are made between two polls.
const stopEvery = 1024

// halted counts one conjunction made and reports whether the build
// must stop.
func (b *builder) halted() bool {
	if b.stopped == nil && b.stop != nil {
		if b.made++; b.made%stopEvery == 0 {
			b.stopped = b.stop.Err()
		}
	}
	return b.stopped != nil
}

// context tells where a term occurs: weak locations are plain values in
// init, reads by the acting process in transitions, and `p @ X` reads
// happening at one instant at the end of an execution in properties.
type context int

const (
	inInit context = iota
	inTransition
	inProperty
)

func (b *builder) errorf(pos syntax.Pos, format string, args ...any) {
	b.errs.Add(pos, format, args...)
}

// scope maps the lowercase names in scope to processes.
type scope map[string]Proc

func (s scope) with(name string, p Proc) scope {
	out := make(scope, len(s)+1)
	for k, v := range s {
		out[k] = v
	}
	out[name] = p
	return out
}

func (b *builder) init(in *syntax.Init) Init {
	sc := scope{}
	out := Init{}
	for _, p := range in.Params {
		sc[p.Name] = ParamBase + Proc(out.NParams)
		out.NParams++
	}
	body := b.m.Expand(in.Body)
	if q, ok := body.(*syntax.Quant); ok && q.Kind == syntax.Forall {
		first := out.NParams
		for _, v := range q.Vars {
			sc[v.Name] = ParamBase + Proc(out.NParams)
			out.NParams++
		}
		for i := first; i < out.NParams; i++ {
			for j := i + 1; j < out.NParams; j++ {
				out.Distinct = append(out.Distinct, [2]int{i, j})
			}
		}
		body = q.Body
	}
	out.DNF = b.plainDNF(body, sc, false)
	return out
}

// property translates an unsafe or invariant item into one cube per
// disjunct, over #1..#k for its parameters and exists-bound variables.
func (b *builder) property(p *syntax.Property, kind string, index int) []Property {
	name := p.Name
	if name == "" {
		name = fmt.Sprintf("%s[%d]", kind, index+1)
	}
	sc := scope{}
	n := 0
	for _, x := range p.Params {
		n++
		sc[x.Name] = Proc(n)
	}
	body, neg := b.existsPrefix(b.m.Expand(p.Body), sc, &n)
	b.ctx, b.finals = inProperty, nil
	defer func() { b.ctx = inInit }()
	var out []Property
	for _, conj := range b.plainDNF(body, sc, neg) {
		events, rel := finalReads(conj, b.finals)
		c, _, _, ok := Canonicalize(conj, events, rel)
		if !ok {
			continue
		}
		out = append(out, Property{Name: name, Pos: p.Pos, Cube: c})
	}
	return out
}

// finalRead returns the event of the read `p @ loc[args]` of the property
// being translated, creating it on first use.
func (b *builder) finalRead(p Proc, loc *syntax.Symbol, args []Proc) Proc {
	e := Event{Kind: Read, Proc: p, Loc: loc, Index: args, Final: true}
	for i, f := range b.finals {
		if f.Proc == p && f.SameLoc(e) {
			return EventProc(i)
		}
	}
	b.finals = append(b.finals, e)
	return EventProc(len(b.finals) - 1)
}

// finalReads keeps the reads whose values the conjunction mentions,
// renumbered densely, all ghb-equal: they happen at one instant.
func finalReads(conj []Literal, all []Event) ([]Event, Rel) {
	used := map[Proc]bool{}
	for _, l := range conj {
		var buf [8]Proc
		for _, p := range l.Procs(buf[:0]) {
			used[p] = true
		}
	}
	renum := map[Proc]Proc{}
	var events []Event
	for i, e := range all {
		if used[EventProc(i)] {
			renum[EventProc(i)] = EventProc(len(events))
			events = append(events, e)
		}
	}
	for i, l := range conj {
		conj[i] = l.Rename(func(p Proc) Proc {
			if q, ok := renum[p]; ok {
				return q
			}
			return p
		})
	}
	rel := NewRel(len(events))
	for i := 1; i < len(events); i++ {
		rel.AddEq(0, i)
	}
	return events, rel
}

// existsPrefix strips an outermost `exists x <> y.` (or `not forall`),
// binding its variables to fresh cube variables, and reports whether the
// remaining body is negated.
func (b *builder) existsPrefix(f syntax.Formula, sc scope, n *int) (syntax.Formula, bool) {
	neg := false
	if nq, ok := f.(*syntax.Not); ok {
		if q, ok := nq.X.(*syntax.Quant); ok && q.Kind == syntax.Forall {
			f, neg = q, true
		}
	}
	q, ok := f.(*syntax.Quant)
	if !ok || (q.Kind != syntax.Exists && !(neg && q.Kind == syntax.Forall)) {
		return f, false
	}
	for _, v := range q.Vars {
		*n++
		sc[v.Name] = Proc(*n)
	}
	return q.Body, neg
}

func (b *builder) transition(t *syntax.Transition) []*Transition {
	sc := scope{}
	base := Transition{Name: t.Name, Pos: t.Pos, NParams: len(t.Params), Acting: -1}
	for i, p := range t.Params {
		sc[p.Name] = ParamBase + Proc(i)
		if p.Acting {
			base.Acting = i
		}
	}
	b.ctx = inTransition
	defer func() { b.ctx = inInit }()
	for _, a := range t.Actions {
		b.action(&base, a, sc)
	}
	var guards []guardConj
	if t.Guard == nil {
		guards = []guardConj{{}}
	} else {
		guards = b.guardDNF(b.m.Expand(t.Guard), sc, len(t.Params))
	}
	var out []*Transition
	for _, g := range guards {
		tr := base
		tr.Guard = g.lits
		tr.HasOther = g.hasOther
		tr.Other = g.other
		tr.Fence = g.fence
		out = append(out, &tr)
	}
	return out
}

func (b *builder) action(t *Transition, a *syntax.Action, sc scope) {
	sym := b.m.Symbols[a.Target]
	if sym == nil {
		b.errorf(a.Pos, "unknown assignment target %s", a.Target)
		return
	}
	switch v := a.Value.(type) {
	case *syntax.Nondet:
		t.Nondets = append(t.Nondets, sym)
	case *syntax.TermRHS:
		u := &Update{Sym: sym, NIdx: len(a.Index)}
		var cond []Literal
		args := b.procs(a.Index, sc)
		if sym.Weak && !b.cubeCell(a.Pos, args) {
			return
		}
		for i, x := range args {
			cond = append(cond, NewLiteral(Eq, ProcTerm(IndexBase+Proc(i)), ProcTerm(x)))
		}
		val := b.term(v.Term, sc)
		if len(a.Index) == 0 {
			u.Default = val
		} else {
			u.Cell = args
			u.Branches = []Branch{{Cond: [][]Literal{cond}, Value: val}}
		}
		t.Updates = append(t.Updates, u)
	case *syntax.Case:
		u := &Update{Sym: sym, NIdx: len(a.Index)}
		isc := sc
		for i, x := range a.Index {
			isc = isc.with(x.Var, IndexBase+Proc(i))
		}
		for _, br := range v.Branches {
			val := b.term(br.Value, isc)
			if br.Cond == nil {
				u.Default = val
				break
			}
			u.Branches = append(u.Branches, Branch{Cond: b.plainDNF(br.Cond, isc, false), Value: val})
		}
		t.Updates = append(t.Updates, u)
	}
}

func (b *builder) proc(p syntax.Proc, sc scope) Proc {
	if p.Const > 0 {
		return Proc(-p.Const)
	}
	q, ok := sc[p.Var]
	if !ok {
		b.errorf(p.Pos, "unknown process %s", p.Var)
	}
	return q
}
