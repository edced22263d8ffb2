package dpor

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
)

// sym is the layout of one state symbol (variable, array or constant): its
// locations are base .. base+N^arity-1, cell (p1..pk) at
// base + Σ (pi-1)·N^(k-i).
type sym struct {
	s    *syntax.Symbol
	base int
	weak bool // a weak location that a buffering model delays
}

// nameRef resolves a capitalised name: a symbol, or a constructor value.
type nameRef struct {
	sym  *sym
	cons value
}

// loc describes one location for printing and enumeration.
type loc struct {
	sym   *sym
	procs []int // cell indices, nil for a scalar
	name  string
}

// program is a checked model compiled for one instance (N processes, one
// memory model). It is read-only during the search, except for the
// record of the free initial values read (lazy).
type program struct {
	m *syntax.Model
	n int // processes: the participants, then the outside one if any
	// participants are the processes 1..participants that may act
	// (outside.go); home is the constant of the outside process, nil when
	// there is none, and outside says which variables name it.
	participants int
	home         *syntax.Proc
	outside      string
	mm           memmodel.Model
	// buffered: some location is weak and the model buffers writes.
	buffered bool
	syms     map[string]*sym
	names    map[string]nameRef // every capitalised name: constructors and symbols
	locs     []loc
	cons     []string                 // constructor names by global number
	consID   map[string]int64         // constructor name -> global number
	ctors    map[*syntax.Type][]value // the values of each finite type
	abstract map[*syntax.Type]int64   // the first constructor number of each abstract type
	absBase  []int64                  // per constructor: the first constructor of its abstract type, -1 if none
	num      *numbers
	init     syntax.Formula
	initCode cformula // init, its parameters in slots 0..
	unsafe   []property
	invs     []property
	trans    []*trans
	// lazy is nil unless an engine asked for free initial values
	// (initLazily): then the free locations not yet enumerated start
	// with a symbolic value.
	lazy *freeLocs
	// canonical: states are keyed by the representative of their orbit
	// under process permutations (symmetry.go).
	canonical   bool
	dead        deadCells  // with Options.DeadValues: the dead cells' rules (dead.go)
	shift       []bool     // with Options.Shift granted: the int locations (shift.go)
	gap         int64      // with Options.Gaps and Shift granted: the width from which gaps are capped (gaps.go)
	order       *orderLocs // with Options.Order granted: the ordered reals and the step (order.go)
	ownedCells  [][]int    // per process, the cells indexed by it alone (symmetry.go)
	abstractLoc []bool     // per location: its type is abstract (symmetry.go)
	scratch     *keyScratch
	tupleSets   [][][]int // tupleSets[k]: participantTuples(k), made on first use
	checkEv     evaluator // check's scratch evaluator
}

// property is an expanded unsafe or invariant item.
type property struct {
	p        *syntax.Property
	idx      int
	body     syntax.Formula
	bodyCode cformula // body, the parameters in slots 0..
}

// trans is a compiled transition.
type trans struct {
	t          *syntax.Transition
	idx        int
	guard      syntax.Formula // expanded; nil when there is no requires
	guardCode  cformula       // guard, the parameters in slots 0..
	conjuncts  []cformula     // the conjuncts of guard's top-level && chain, compiled (guards.go)
	actor      int            // index of the acting parameter, -1 if none
	fence      bool           // fence() occurs in the guard
	readsWeak  bool           // the guard or an action reads a weak location
	writesWeak bool           // an action writes a weak symbol
	actions    []action
}

// action is a compiled assignment.
type action struct {
	a        *syntax.Action
	sym      *sym
	target   *cellRef    // the assigned cell (not for a whole-array case)
	cases    []branch    // for *syntax.Case, conditions expanded
	term     syntax.Term // for *syntax.TermRHS
	termCode cterm       // term compiled
	nondet   bool        // for *syntax.Nondet
	vars     []string    // index variables of a whole-array case update
}

// branch is a case branch; cond is nil for `_`.
type branch struct {
	cond      syntax.Formula
	value     syntax.Term
	condCode  cformula // cond, the case's index variables after the parameters
	valueCode cterm
}

// compile lays out the state of m for n processes under model mm.
func compile(m *syntax.Model, n int, mm memmodel.Model) (*program, error) {
	if m == nil {
		return nil, fmt.Errorf("no model")
	}
	if n < 1 {
		return nil, fmt.Errorf("number of processes must be at least 1, got %d", n)
	}
	if f := m.File; f != nil && f.NumProcs != nil && n > f.NumProcs.N {
		return nil, fmt.Errorf("%d processes exceed number_procs %d", n, f.NumProcs.N)
	}
	mm = memmodel.Or(mm, m.Weak)
	if m.Init == nil {
		return nil, fmt.Errorf("model has no init")
	}
	participants, outside := n, outsideVars(m)
	var home *syntax.Proc
	if len(outside) > 0 {
		m, home = withOutside(m, outside, n)
		n++
	}
	p := &program{m: m, n: n, participants: participants, home: home, outside: outsideNote(outside, participants),
		mm: mm, syms: map[string]*sym{},
		consID: map[string]int64{}, ctors: map[*syntax.Type][]value{}, num: newNumbers()}
	p.layoutTypes()
	if err := p.layoutSymbols(mm); err != nil {
		return nil, err
	}
	p.layoutAbstract()
	p.names = map[string]nameRef{}
	for c, id := range p.consID {
		p.names[c] = nameRef{cons: value{K: kCons, N: id}}
	}
	for name, s := range p.syms {
		p.names[name] = nameRef{sym: s}
	}
	p.init = m.Expand(m.Init.Body)
	p.collectLiterals(p.init)
	p.initCode = newCompiler(p, names(m.Init.Params, identName)...).formula(p.init)
	p.unsafe = p.properties(m.Unsafes)
	p.invs = p.properties(m.Invariants)
	for i, t := range m.Transitions {
		ct, err := p.compileTrans(i, t)
		if err != nil {
			return nil, err
		}
		p.trans = append(p.trans, ct)
	}
	return p, nil
}

// properties expands and compiles unsafe or invariant items.
func (p *program) properties(items []*syntax.Property) []property {
	var out []property
	for i, u := range items {
		body := p.m.Expand(u.Body)
		out = append(out, property{p: u, idx: i, body: body, bodyCode: newCompiler(p, names(u.Params, identName)...).formula(body)})
	}
	return out
}

// layoutTypes numbers the constructors and lists the finite domains.
func (p *program) layoutTypes() {
	// Sorted for determinism: map order would change constructor numbers.
	names := slices.Sorted(maps.Keys(p.m.Types))
	for _, name := range names {
		t := p.m.Types[name]
		switch t.Kind {
		case syntax.TBool, syntax.TEnum:
			var vs []value
			for _, c := range t.Constructors {
				id, ok := p.consID[c]
				if !ok {
					id = int64(len(p.cons))
					p.cons = append(p.cons, c)
					p.consID[c] = id
				}
				vs = append(vs, value{K: kCons, N: id})
			}
			p.ctors[t] = vs
		case syntax.TProc:
			var vs []value
			for q := 1; q <= p.n; q++ {
				vs = append(vs, value{K: kProc, N: int64(q)})
			}
			p.ctors[t] = vs
		}
	}
}

// layoutSymbols assigns locations to variables, arrays and constants, in
// declaration order.
func (p *program) layoutSymbols(mm memmodel.Model) error {
	if p.m.File == nil {
		return fmt.Errorf("model has no file")
	}
	anyWeak := false
	for _, d := range p.m.File.Symbols {
		s := p.m.Symbols[d.Name]
		if s == nil || s.Class == syntax.SymConstructor || p.syms[d.Name] != nil {
			continue
		}
		if s.Type == nil {
			return fmt.Errorf("%s: symbol %s has no type", d.Pos, d.Name)
		}
		ls := &sym{s: s, base: len(p.locs), weak: s.Weak && s.Class != syntax.SymConst && mm.Buffered()}
		anyWeak = anyWeak || ls.weak
		p.syms[d.Name] = ls
		cells := 1
		for range s.Arity {
			cells *= p.n
		}
		for c := range cells {
			var procs []int
			name := d.Name
			if s.Arity > 0 {
				procs = make([]int, s.Arity)
				x := c
				for i := s.Arity - 1; i >= 0; i-- {
					procs[i] = x%p.n + 1
					x /= p.n
				}
				parts := make([]string, len(procs))
				for i, q := range procs {
					parts[i] = fmt.Sprintf("#%d", q)
				}
				name += "[" + strings.Join(parts, ",") + "]"
			}
			p.locs = append(p.locs, loc{sym: ls, procs: procs, name: name})
		}
	}
	if anyWeak {
		p.buffered = true
	}
	return nil
}

// collectLiterals records the numeric literals of init (the set L).
func (p *program) collectLiterals(f syntax.Formula) {
	syntax.WalkFormula(f, func(t syntax.Term) {
		if n, ok := t.(*syntax.Number); ok {
			p.num.lits[n.Value.RatString()] = true
		}
	}, nil)
}

func (p *program) compileTrans(i int, t *syntax.Transition) (*trans, error) {
	ct := &trans{t: t, idx: i, actor: -1}
	c := newCompiler(p, names(t.Params, func(x syntax.Param) string { return x.Name })...)
	for k, prm := range t.Params {
		if prm.Acting {
			ct.actor = k
		}
	}
	isWeakRead := func(x syntax.Term) {
		switch x := x.(type) {
		case *syntax.Name:
			ct.readsWeak = ct.readsWeak || p.weakSym(x.Name)
		case *syntax.Cell:
			ct.readsWeak = ct.readsWeak || p.weakSym(x.Array)
		}
	}
	if t.Guard != nil {
		ct.guard = p.m.Expand(t.Guard)
		syntax.WalkFormula(ct.guard, isWeakRead, func(*syntax.Fence) { ct.fence = true })
	}
	ct.guardCode = c.formula(ct.guard)
	for _, x := range chain(ct.guard, syntax.OpAnd) {
		ct.conjuncts = append(ct.conjuncts, c.formula(x))
	}
	for _, a := range t.Actions {
		s := p.syms[a.Target]
		if s == nil || s.s.Class == syntax.SymConst {
			return nil, fmt.Errorf("%s: transition %s: %s is not a variable or array", a.Pos, t.Name, a.Target)
		}
		if len(a.Index) != s.s.Arity {
			return nil, fmt.Errorf("%s: transition %s: %s expects %d indices", a.Pos, t.Name, a.Target, s.s.Arity)
		}
		ca := action{a: a, sym: s, target: c.cell(a.Pos, a.Target, a.Index)}
		switch v := a.Value.(type) {
		case *syntax.TermRHS:
			ca.term, ca.termCode = v.Term, c.term(v.Term)
			syntax.WalkTerm(v.Term, isWeakRead)
		case *syntax.Nondet:
			ca.nondet = true
		case *syntax.Case:
			// A case on an array binds its indices as fresh variables
			// (A[j] := case ...); a case on a global has none.
			for _, ix := range a.Index {
				if ix.Const != 0 {
					return nil, fmt.Errorf("%s: transition %s: process constant as case index", a.Pos, t.Name)
				}
				ca.vars = append(ca.vars, ix.Var)
			}
			cc := c.with(ca.vars...)
			for _, b := range v.Branches {
				var cond syntax.Formula
				if b.Cond != nil {
					cond = p.m.Expand(b.Cond)
					syntax.WalkFormula(cond, isWeakRead, nil)
				}
				syntax.WalkTerm(b.Value, isWeakRead)
				ca.cases = append(ca.cases, branch{cond: cond, value: b.Value, condCode: cc.formula(cond), valueCode: cc.term(b.Value)})
			}
		default:
			return nil, fmt.Errorf("%s: transition %s: unknown right-hand side %T", a.Pos, t.Name, a.Value)
		}
		ct.writesWeak = ct.writesWeak || s.weak
		ct.actions = append(ct.actions, ca)
	}
	if p.buffered && ct.actor < 0 && (ct.readsWeak || ct.writesWeak || ct.fence) {
		return nil, fmt.Errorf("%s: transition %s accesses weak memory but marks no acting process", t.Pos, t.Name)
	}
	return ct, nil
}

// weakSym reports whether name is a weak (buffered) symbol.
func (p *program) weakSym(name string) bool {
	s := p.syms[name]
	return s != nil && s.weak
}

// cell returns the location of symbol s at processes procs (1-based).
func (p *program) cell(s *sym, procs []int) (int, error) {
	if len(procs) != s.s.Arity {
		return 0, fmt.Errorf("%s expects %d indices, got %d", s.s.Name, s.s.Arity, len(procs))
	}
	off := 0
	for _, q := range procs {
		if q < 1 || q > p.n {
			return 0, fmt.Errorf("process #%d does not exist in an instance with %d processes", q, p.n)
		}
		off = off*p.n + q - 1
	}
	return s.base + off, nil
}

// domain returns the values of a finite type, or nil for int, real and
// abstract types.
func (p *program) domain(t *syntax.Type) []value { return p.ctors[t] }

// formatValue prints v.
func (p *program) formatValue(v value) string { return p.num.format(v, p.cons) }
