package syntax

import (
	"fmt"
	"math"
)

// maxErrors bounds the number of errors Check reports.
const maxErrors = 20

// Check type checks a parsed file and returns the resolved model. On
// failure the error is an [ErrorList] sorted by position (at most 20
// entries) and the model is nil. Check never panics: an internal failure
// becomes a positioned error.
//
// The rules are those of the language reference (§2 order of sections, §3
// declarations and items, §4.4 placement of constructs, §6.4 the Cubicle-W
// rules, §8 typing). The weak-memory rules apply when the file declares a
// weak variable or array and opts.SC is false.
func Check(f *File, opts CheckOptions) (m *Model, err error) {
	c := &checker{file: f, opts: opts, seen: map[errKey]bool{}}
	defer func() {
		if r := recover(); r != nil {
			c.errs = append(c.errs, &Error{Pos: c.cur, Msg: fmt.Sprintf("internal error: %v", r)})
			m, err = nil, c.result()
		}
	}()
	if f == nil {
		c.errorf(Pos{Line: 1, Column: 1}, "no file to check")
		return nil, c.result()
	}
	c.cur = Pos{Filename: f.Name, Line: 1, Column: 1}
	c.run()
	if err := c.result(); err != nil {
		return nil, err
	}
	return c.model, nil
}

// checker holds the state of one Check call.
type checker struct {
	file  *File
	opts  CheckOptions
	model *Model
	weak  bool // the weak-memory rules apply (Model.Weak)
	nproc int  // number_procs, 0 when absent

	preds map[string]*Predicate // first definition of each predicate
	vars  []binding             // process variables in scope, innermost last
	cur   Pos                   // position of the item being checked (for internal errors)

	errs ErrorList
	seen map[errKey]bool
}

type errKey struct {
	line, col int
	msg       string
}

// errorf records an error, dropping exact duplicates (a predicate body is
// checked once per call).
func (c *checker) errorf(pos Pos, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	k := errKey{pos.Line, pos.Column, msg}
	if c.seen[k] {
		return
	}
	c.seen[k] = true
	c.errs = append(c.errs, &Error{Pos: pos, Msg: msg})
}

// result returns the sorted, truncated error list, or nil.
func (c *checker) result() error {
	if len(c.errs) == 0 {
		return nil
	}
	c.errs.Sort()
	if len(c.errs) > maxErrors {
		c.errs = c.errs[:maxErrors]
	}
	return c.errs
}

func (c *checker) run() {
	f := c.file
	c.model = &Model{
		File:       f,
		Types:      map[string]*Type{},
		Symbols:    map[string]*Symbol{},
		Predicates: map[string]*Predicate{},
	}
	for _, d := range f.Symbols {
		if d.Weak && d.Kind != KindConst && !c.opts.SC {
			c.weak = true
		}
	}
	c.model.Weak = c.weak
	c.checkOrder()
	if f.NumProcs != nil {
		c.nproc = f.NumProcs.N
		c.model.NumProcs = f.NumProcs.N
		switch {
		case f.NumProcs.N < 1:
			c.errorf(f.NumProcs.Pos, "number_procs must be at least 1, got %d", f.NumProcs.N)
		case f.NumProcs.N > MaxProcs:
			c.errorf(f.NumProcs.Pos, "number_procs %d is out of range: at most %d processes are supported", f.NumProcs.N, MaxProcs)
		}
	}
	c.declareTypes()
	c.declareSymbols()
	c.collectItems()
	for _, it := range f.Items {
		c.cur = it.ItemPos()
		switch it := it.(type) {
		case *Init:
			c.checkInit(it)
		case *Property:
			c.checkProperty(it)
		case *Transition:
			c.checkTransition(it)
		case *Predicate:
			c.checkPredicate(it)
		default:
			panic(fmt.Sprintf("unknown item %T", it))
		}
	}
	if c.model.Init != nil {
		c.model.Init = c.constValues(c.model.Init)
	}
}

// collectItems fills the model's item lists and reports a missing or
// duplicate init and duplicate predicates.
func (c *checker) collectItems() {
	m := c.model
	for _, it := range c.file.Items {
		switch it := it.(type) {
		case *Init:
			if m.Init != nil {
				c.errorf(it.Pos, "duplicate init (first at %s)", lineCol(m.Init.Pos))
				continue
			}
			m.Init = it
		case *Property:
			if it.Kind == Invariant {
				m.Invariants = append(m.Invariants, it)
			} else {
				m.Unsafes = append(m.Unsafes, it)
			}
		case *Transition:
			m.Transitions = append(m.Transitions, it)
		case *Predicate:
			if prev := m.Predicates[it.Name]; prev != nil {
				c.errorf(it.Pos, "predicate `%s` already declared at %s", it.Name, lineCol(prev.Pos))
				continue
			}
			m.Predicates[it.Name] = it
		}
	}
	c.preds = m.Predicates
	if m.Init == nil {
		pos := Pos{Filename: c.file.Name, Line: 1, Column: 1}
		if len(c.file.Items) > 0 {
			pos = c.file.Items[0].ItemPos()
		}
		c.errorf(pos, "missing init: a model needs its initial states, as in `init (p) { ... }`")
	}
}

// checkOrder enforces the order of sections (§2): number_procs, types,
// const/var/array declarations, items.
func (c *checker) checkOrder() {
	type entry struct {
		pos  Pos
		rank int
		what string
	}
	f := c.file
	var all []entry
	if f.NumProcs != nil {
		all = append(all, entry{f.NumProcs.Pos, 0, "number_procs"})
	}
	for _, d := range f.Types {
		all = append(all, entry{d.Pos, 1, "type declaration"})
	}
	for _, d := range f.Symbols {
		all = append(all, entry{d.Pos, 2, kindWord(d.Kind) + " declaration"})
	}
	for _, it := range f.Items {
		all = append(all, entry{it.ItemPos(), 3, itemWord(it)})
	}
	// later[r] is the first entry of a section after section r.
	var later [4]*entry
	for i := range all {
		e := &all[i]
		for r := 0; r < e.rank; r++ {
			if later[r] == nil || posLess(e.pos, later[r].pos) {
				later[r] = e
			}
		}
	}
	for _, e := range all {
		if first := later[e.rank]; first != nil && posLess(first.pos, e.pos) {
			c.errorf(e.pos, "%s after %s at %s", e.what, first.what, lineCol(first.pos))
		}
	}
}

// kindWord names a symbol kind as its keyword.
func kindWord(k SymbolKind) string {
	switch k {
	case KindVar:
		return "var"
	case KindArray:
		return "array"
	}
	return "const"
}

// itemWord names an item as its keyword.
func itemWord(it Item) string {
	switch it := it.(type) {
	case *Init:
		return "init"
	case *Property:
		return propWord(it)
	case *Transition:
		return "transition"
	}
	return "predicate"
}

// propWord is "unsafe" or "invariant".
func propWord(p *Property) string {
	if p.Kind == Invariant {
		return "invariant"
	}
	return "unsafe"
}

// posLess orders positions by line and column.
func posLess(a, b Pos) bool {
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	return a.Column < b.Column
}

// lineCol prints a position as LINE:COL for messages.
func lineCol(p Pos) string { return fmt.Sprintf("%d:%d", p.Line, p.Column) }

// endOfFile is a position after every position of a file.
var endOfFile = Pos{Line: math.MaxInt, Column: math.MaxInt}

// plural returns "1 index", "2 indices" and the like.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
