package export

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/cubew/cubew/syntax"
)

// instance is a checked model laid out for N processes: its locations in
// declaration order (cell (q1..qk) of a symbol at base + Σ (qi-1)·N^(k-i)),
// as package dpor lays them out.
type instance struct {
	m *syntax.Model
	n int
	// buffered: some location is weak under a model with store buffers;
	// perLocation: those buffers flush one location's oldest write at a
	// time (PSO), not the process's oldest write group (TSO).
	buffered, perLocation bool
	syms                  map[string]*symbol
	locs                  []location
	cons                  map[string]int // constructor -> its index in its type
	ints                  []int64        // the integer literals of init, sorted
	other                 int64          // the value standing for "any other" int
	freeInts              bool           // some int or abstract location starts at other
	initial               [][]int64      // per location, the initial values to try
}

// symbol is the layout of a variable, array or constant.
type symbol struct {
	s    *syntax.Symbol
	base int
	weak bool // buffered under the memory model
}

// location is one variable, array cell or constant.
type location struct {
	sym   *symbol
	procs []int
	name  string // X, A[#1,#2]
	ident string // X, A_1_2: an identifier in both target languages
}

// newInstance lays out m for opts.N processes under opts.Model.
func newInstance(m *syntax.Model, opts Options) (*instance, error) {
	if err := opts.validate(); err != nil {
		return nil, err
	}
	if f := m.File; f != nil && f.NumProcs != nil && opts.N > f.NumProcs.N {
		return nil, fmt.Errorf("export: %d processes exceed number_procs %d", opts.N, f.NumProcs.N)
	}
	if m.Init == nil {
		return nil, fmt.Errorf("export: the model has no init")
	}
	in := &instance{m: m, n: opts.N, syms: map[string]*symbol{}, cons: map[string]int{}}
	var errs syntax.ErrorList
	for _, t := range m.Types {
		for i, c := range t.Constructors {
			in.cons[c] = i
		}
	}
	for _, d := range m.File.Symbols {
		s := m.Symbols[d.Name]
		if s == nil || s.Class == syntax.SymConstructor || in.syms[d.Name] != nil {
			continue
		}
		if s.Type.Kind == syntax.TReal {
			errs.Add(d.Pos, "%s has type real, which the exports do not support", d.Name)
			continue
		}
		sym := &symbol{s: s, base: len(in.locs), weak: s.Weak && s.Class != syntax.SymConst && opts.Model.Buffered()}
		if sym.weak {
			in.buffered, in.perLocation = true, !opts.Model.FlushesGroups()
		}
		in.syms[d.Name] = sym
		in.layout(sym)
	}
	in.collectInts()
	for l := range in.locs {
		in.initial = append(in.initial, in.candidates(l))
	}
	return in, errs.Err()
}

// layout appends the locations of sym.
func (in *instance) layout(sym *symbol) {
	cells := 1
	for range sym.s.Arity {
		cells *= in.n
	}
	for c := range cells {
		procs := make([]int, sym.s.Arity)
		for i, x := sym.s.Arity-1, c; i >= 0; i-- {
			procs[i] = x%in.n + 1
			x /= in.n
		}
		name, ident := sym.s.Name, sym.s.Name
		if len(procs) > 0 {
			parts := make([]string, len(procs))
			for i, q := range procs {
				parts[i] = fmt.Sprint(q)
				ident += fmt.Sprintf("_%d", q)
			}
			name += "[#" + strings.Join(parts, ",#") + "]"
		}
		in.locs = append(in.locs, location{sym: sym, procs: procs, name: name, ident: ident})
	}
}

// collectInts records init's integer literals and picks other above them.
func (in *instance) collectInts() {
	seen := map[int64]bool{}
	syntax.WalkFormula(in.m.Expand(in.m.Init.Body), func(t syntax.Term) {
		if n, ok := t.(*syntax.Number); ok {
			if v, ok := intLiteral(n.Value); ok {
				seen[v] = true
			}
		}
	}, nil)
	for v := range seen {
		in.ints = append(in.ints, v)
	}
	slices.Sort(in.ints)
	in.other = 1000
	if len(in.ints) > 0 && in.ints[len(in.ints)-1] >= in.other {
		in.other = in.ints[len(in.ints)-1] + 1000
	}
}

// cell returns the location of sym at processes procs (1..N each).
func (in *instance) cell(sym *symbol, procs []int) int {
	off := 0
	for _, q := range procs {
		off = off*in.n + q - 1
	}
	return sym.base + off
}

// candidates returns the initial values of location l, as dpor enumerates
// them: a finite domain, else init's integer literals and other.
func (in *instance) candidates(l int) []int64 {
	t := in.locs[l].sym.s.Type
	if t.Kind == syntax.TInt {
		in.freeInts = true
		return append(slices.Clone(in.ints), in.other)
	}
	return in.domain(t)
}

// domain returns the values of a finite type; for an int or abstract type
// (a nondeterministic `:= .`, an abstract location) it returns other.
func (in *instance) domain(t *syntax.Type) []int64 {
	var vs []int64
	switch t.Kind {
	case syntax.TProc:
		for q := 1; q <= in.n; q++ {
			vs = append(vs, int64(q))
		}
	case syntax.TBool, syntax.TEnum:
		for i := range t.Constructors {
			vs = append(vs, int64(i))
		}
	default:
		in.freeInts = true
		vs = append(vs, in.other)
	}
	return vs
}

// intLiteral returns the integer value of a number, or false.
func intLiteral(r *big.Rat) (int64, bool) {
	if !r.IsInt() || !r.Num().IsInt64() {
		return 0, false
	}
	return r.Num().Int64(), true
}
