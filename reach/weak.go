package reach

import (
	"errors"
	"fmt"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/translate"
)

// The weak pre-image (seed 004, §4, with the two corrections of design.md's
// reference semantics). A transition instance by process p adds, to the
// events of the cube (which happen later):
//
//   - one read event per weak location it reads, all ghb-equal (one
//     instant); the reads' values replace the transition's read terms;
//   - one write event per weak location it writes (for a weak array, per
//     cell the cube has events on), ghb-equal to one another, and to the
//     reads when there are some: a transition that reads and writes weak
//     memory is a locked instruction;
//   - a fence event when the guard has fence(), ghb-equal to the reads,
//     before the writes otherwise.
//
// Edges to the cube's events: preserved program order to p's later events
// (memmodel.Model.Preserved; a fence orders everything), coherence from a
// new write to the later writes of its location (TSO: writes become
// visible in the order the backward search generates them), from-read
// from a new read to the later writes of its location, and from every new
// read and fence to the unsafe formula's final reads, which happen after
// every read and fence of the execution.
//
// A later read that no write satisfied yet (an unsatisfied read: its value
// still occurs in the literals) on a location a new write writes reads
// from it when it is p's own (the latest own write), and may or may not
// when another process made it: rf adds write → read, not reading adds
// read → write (from-read). Combinations whose ghb has a cycle are
// dropped; a satisfied read's value is replaced by the written term.
//
// Events are then collected: only unsatisfied reads, and the entry points
// that can still be ghb-before one of them, can close a future cycle (every
// edge later pre-images add leaves a new event, except from-read edges
// leaving unsatisfied reads).

// weakTransition reports whether t touches weak memory or fences.
func weakTransition(t *translate.Transition) bool {
	if t.Fence {
		return true
	}
	for _, u := range t.Updates {
		if u.Sym.Weak || termsRead(u) {
			return true
		}
	}
	for _, l := range t.Guard {
		if l.L.Kind == translate.KRead || l.R.Kind == translate.KRead || readsIn(l.L) || readsIn(l.R) {
			return true
		}
	}
	for _, conj := range t.Other {
		for _, l := range conj {
			if readsIn(l.L) || readsIn(l.R) {
				return true
			}
		}
	}
	return false
}

func termsRead(u *translate.Update) bool {
	if u.Default != nil && readsIn(u.Default) {
		return true
	}
	for _, br := range u.Branches {
		if readsIn(br.Value) {
			return true
		}
		for _, conj := range br.Cond {
			for _, l := range conj {
				if readsIn(l.L) || readsIn(l.R) {
					return true
				}
			}
		}
	}
	return false
}

func readsIn(t *translate.Term) bool {
	switch t.Kind {
	case translate.KRead:
		return true
	case translate.KLin:
		return t.Base != nil && readsIn(t.Base)
	}
	return false
}

// write is one weak write of a transition instance.
type write struct {
	loc   translate.Event // the location (Kind Write)
	value *translate.Term
}

// writeChoice is one combination of case branches for the weak writes.
type writeChoice struct {
	cond   []translate.Literal
	writes []write
}

// weakPreImages finishes the pre-images of c by t under sigma from the
// partial conjunctions computed as for SC.
func weakPreImages(c *translate.Cube, t *translate.Transition, sigma []translate.Proc, partial [][]translate.Literal, mm memmodel.Model) ([]pre, error) {
	if mm.Buffering() == memmodel.ProcessLocationFIFO {
		return nil, errPSO
	}
	acting := translate.Proc(0)
	if t.Acting >= 0 {
		acting = sigma[t.Acting]
	} else if len(sigma) > 0 {
		acting = sigma[0]
	}
	inst := func(p translate.Proc) translate.Proc {
		if p >= translate.ParamBase && p < translate.IndexBase {
			return sigma[p-translate.ParamBase]
		}
		return p
	}
	choices := weakWrites(c, t, acting, inst)
	var out []pre
	for _, lits := range partial {
		for _, wc := range choices {
			all := append(lits[:len(lits):len(lits)], wc.cond...)
			st := newWeakStep(c, acting, mm)
			all, writes := st.addReads(all, wc.writes)
			ok, err := st.addWrites(writes, t.Fence)
			if err != nil {
				return nil, err
			}
			if !ok {
				continue
			}
			outcomes, err := st.rfChoices(all)
			if err != nil {
				return nil, err
			}
			for _, r := range outcomes {
				if p, ok := st.finish(r, sigma); ok {
					out = append(out, p)
				}
			}
		}
	}
	return out, nil
}

// Limits of the weak pre-image: past them the search answers UNKNOWN
// rather than drop a pre-image.
var (
	errTooManyEvents = fmt.Errorf("a cube needs more than %d events", translate.MaxEvents)
	errTooManyReads  = errors.New("a write could satisfy more than 20 reads")
	errPSO           = errors.New("checking weak variables under pso is not implemented yet")
)

// weakWrites lists the combinations of weak writes of the instance: a
// variable is written once; a weak array in every cell the cube has events
// on, by the first matching case branch (a cell no branch matches is not
// written when there is no default).
func weakWrites(c *translate.Cube, t *translate.Transition, acting translate.Proc, inst func(translate.Proc) translate.Proc) []writeChoice {
	s := &substituter{t: t, inst: inst}
	choices := []writeChoice{{}}
	for _, u := range t.Updates {
		if !u.Sym.Weak {
			continue
		}
		for _, cell := range cellsOf(c, u, inst) {
			cellTerm := translate.StateTerm(u.Sym, cell...)
			var next []writeChoice
			for _, a := range s.updated(u, cellTerm) {
				for _, ch := range choices {
					n := writeChoice{cond: append(ch.cond[:len(ch.cond):len(ch.cond)], a.cond...), writes: ch.writes}
					if a.term != cellTerm { // otherwise: no write to this cell
						loc := translate.Event{Kind: translate.Write, Proc: acting, Loc: u.Sym, Index: cell}
						n.writes = append(n.writes[:len(n.writes):len(n.writes)], write{loc: loc, value: a.term})
					}
					next = append(next, n)
				}
			}
			choices = next
		}
	}
	return choices
}

// cellsOf returns the cells of u's location that are written: the
// variable, the cell of a one-cell update, or for a case update of an
// array the cells the cube has events on (other cells' writes are left
// out: fewer ordering constraints, an over-approximation, as in
// Cubicle-W).
func cellsOf(c *translate.Cube, u *translate.Update, inst func(translate.Proc) translate.Proc) [][]translate.Proc {
	if u.Sym.Arity == 0 {
		return [][]translate.Proc{nil}
	}
	if u.Cell != nil { // A[i] := t writes exactly that cell
		cell := make([]translate.Proc, len(u.Cell))
		for i, p := range u.Cell {
			cell[i] = inst(p)
		}
		return [][]translate.Proc{cell}
	}
	var out [][]translate.Proc
	for _, e := range c.Events {
		if e.Loc != u.Sym {
			continue
		}
		dup := false
		for _, o := range out {
			if (translate.Event{Loc: u.Sym, Index: o}).SameLoc(e) {
				dup = true
			}
		}
		if !dup {
			out = append(out, e.Index)
		}
	}
	return out
}

// weakStep builds the events and relation of one weak pre-image.
type weakStep struct {
	c      *translate.Cube
	p      translate.Proc // the acting process
	mm     memmodel.Model
	events []translate.Event
	rel    translate.Rel
	nOld   int
	reads  []int
	writes []int
	values map[int]*translate.Term // written value of each new write
	fence  int                     // index of the fence event, -1 if none
}

func newWeakStep(c *translate.Cube, p translate.Proc, mm memmodel.Model) *weakStep {
	return &weakStep{c: c, p: p, mm: mm, events: append([]translate.Event(nil), c.Events...),
		nOld: len(c.Events), values: map[int]*translate.Term{}, fence: -1}
}

// addReads makes one read event per weak location the literals and the
// written values read, and replaces the read terms by the events' values.
func (st *weakStep) addReads(lits []translate.Literal, writes []write) ([]translate.Literal, []write) {
	byTerm := map[*translate.Term]*translate.Term{}
	var visit func(t *translate.Term)
	visit = func(t *translate.Term) {
		switch t.Kind {
		case translate.KRead:
			if _, ok := byTerm[t]; !ok {
				i := len(st.events)
				st.events = append(st.events, translate.Event{Kind: translate.Read, Proc: st.p, Loc: t.Sym, Index: t.Args})
				st.reads = append(st.reads, i)
				byTerm[t] = translate.ValTerm(t.Sym, translate.EventProc(i))
			}
		case translate.KLin:
			if t.Base != nil {
				visit(t.Base)
			}
		}
	}
	for _, l := range lits {
		visit(l.L)
		visit(l.R)
	}
	for _, w := range writes {
		visit(w.value)
	}
	if len(byTerm) == 0 {
		return lits, writes
	}
	out := make([]translate.Literal, len(lits))
	for i, l := range lits {
		out[i] = translate.NewLiteral(l.Op, substTerm(l.L, byTerm), substTerm(l.R, byTerm))
	}
	ws := make([]write, len(writes))
	for i, w := range writes {
		ws[i] = write{loc: w.loc, value: substTerm(w.value, byTerm)}
	}
	return out, ws
}

// substTerm replaces the terms of m inside t (also as the base of a
// linear term).
func substTerm(t *translate.Term, m map[*translate.Term]*translate.Term) *translate.Term {
	if u, ok := m[t]; ok {
		return u
	}
	if t.Kind == translate.KLin && t.Base != nil {
		if u, ok := m[t.Base]; ok {
			return translate.Plus(u, t.Off)
		}
	}
	return t
}

// addWrites adds the write and fence events and every edge that does not
// depend on which writes the cube's reads read from. It reports false when
// the events overflow or the edges already close a cycle.
func (st *weakStep) addWrites(writes []write, fence bool) (bool, error) {
	for _, w := range writes {
		st.writes = append(st.writes, len(st.events))
		st.values[len(st.events)] = w.value
		st.events = append(st.events, w.loc)
	}
	if fence {
		st.fence = len(st.events)
		st.events = append(st.events, translate.Event{Kind: translate.Fence, Proc: st.p})
	}
	if len(st.events) > translate.MaxEvents {
		return false, errTooManyEvents
	}
	st.rel = translate.NewRel(len(st.events))
	for i := 0; i < st.nOld; i++ {
		st.rel.After[i] = st.c.Rel.After[i]
		st.rel.Class[i] = st.c.Rel.Class[i]
	}
	st.instant()
	for i := st.nOld; i < len(st.events); i++ {
		for j := 0; j < st.nOld; j++ {
			if st.ordered(st.events[i], st.events[j]) {
				st.rel.AddLt(i, j)
			}
		}
	}
	return st.rel.Acyclic(), nil
}

// instant relates the new events to one another: reads (and the fence)
// happen at one instant, the writes become visible together, and with
// the reads in a locked transition, after the fence otherwise.
func (st *weakStep) instant() {
	first := -1
	for _, i := range st.reads {
		if first < 0 {
			first = i
		} else {
			st.rel.AddEq(first, i)
		}
	}
	if st.fence >= 0 {
		if first < 0 {
			first = st.fence
		} else {
			st.rel.AddEq(first, st.fence)
		}
	}
	for k, w := range st.writes {
		switch {
		case len(st.reads) > 0:
			st.rel.AddEq(first, w)
		case k > 0:
			st.rel.AddEq(st.writes[0], w)
		}
		if len(st.reads) == 0 && st.fence >= 0 {
			st.rel.AddLt(st.fence, w)
		}
	}
}

// ordered reports whether new event x must be ghb-before the cube's event
// y, whatever the reads read from.
func (st *weakStep) ordered(x, y translate.Event) bool {
	sameLoc := x.SameLoc(y)
	if y.Proc == x.Proc {
		switch {
		case x.Kind == translate.Fence, y.Kind == translate.Fence:
			return true
		case st.mm.Preserved(access(x), access(y), sameLoc):
			return true
		}
	}
	switch {
	case x.Kind == translate.Write && y.Kind == translate.Write && sameLoc:
		return true // coherence follows the order of generation (TSO)
	case x.Kind == translate.Read && y.Kind == translate.Write && sameLoc:
		return true // from-read: x reads a write older than y
	case x.Kind != translate.Write && y.Kind == translate.Read && y.Final:
		return true // the unsafe formula reads after every read and fence
	}
	return false
}

func access(e translate.Event) memmodel.Access {
	if e.Kind == translate.Write {
		return memmodel.Write
	}
	return memmodel.Read
}

// rfOutcome is one choice of which unsatisfied reads the new writes
// satisfy: the literals with their values replaced and the relation.
type rfOutcome struct {
	lits []translate.Literal
	rel  translate.Rel
}

// rfChoices enumerates the reads-from choices of the cube's unsatisfied
// reads on the written locations and keeps the acyclic ones.
func (st *weakStep) rfChoices(lits []translate.Literal) ([]rfOutcome, error) {
	unsat := unsatReads(lits, st.events[:st.nOld])
	type pair struct{ r, w int }
	var forced, optional []pair
	for _, w := range st.writes {
		for r := range st.events[:st.nOld] {
			if !unsat.Has(r) || !st.events[r].SameLoc(st.events[w]) {
				continue
			}
			if st.events[r].Proc == st.p {
				forced = append(forced, pair{r, w})
			} else {
				optional = append(optional, pair{r, w})
			}
		}
	}
	if len(optional) > 20 {
		return nil, errTooManyReads
	}
	var out []rfOutcome
	for mask := 0; mask < 1<<len(optional); mask++ {
		rel := st.rel.Clone()
		m := map[*translate.Term]*translate.Term{}
		sat := func(p pair) {
			m[translate.ValTerm(st.events[p.r].Loc, translate.EventProc(p.r))] = st.values[p.w]
		}
		for _, p := range forced {
			sat(p)
		}
		for k, p := range optional {
			if mask&(1<<k) != 0 {
				sat(p)
				rel.AddLt(p.w, p.r) // rfe
			} else {
				rel.AddLt(p.r, p.w) // fr
			}
		}
		if !rel.Acyclic() {
			continue
		}
		next := lits
		if len(m) > 0 {
			next = make([]translate.Literal, len(lits))
			for i, l := range lits {
				next[i] = translate.NewLiteral(l.Op, substTerm(l.L, m), substTerm(l.R, m))
			}
		}
		out = append(out, rfOutcome{lits: next, rel: rel})
	}
	return out, nil
}

// unsatReads returns the reads among events whose value occurs in lits.
func unsatReads(lits []translate.Literal, events []translate.Event) translate.Set {
	var s translate.Set
	var buf []translate.Proc
	for _, l := range lits {
		buf = l.Procs(buf[:0])
		for _, p := range buf {
			if p.IsEvent() {
				i := int(p - translate.EventBase)
				if i < len(events) && events[i].Kind == translate.Read {
					s |= translate.Of(i)
				}
			}
		}
	}
	return s
}

// finish collects the events that still matter and builds the canonical
// pre-image.
func (st *weakStep) finish(o rfOutcome, sigma []translate.Proc) (pre, bool) {
	keep := collect(o.lits, st.events, o.rel)
	idx := map[translate.Proc]translate.Proc{}
	var events []translate.Event
	for i := range st.events {
		if keep.Has(i) {
			idx[translate.EventProc(i)] = translate.EventProc(len(events))
			events = append(events, st.events[i])
		}
	}
	rel := translate.NewRel(len(events))
	for i := range st.events {
		if !keep.Has(i) {
			continue
		}
		a := int(idx[translate.EventProc(i)] - translate.EventBase)
		for j := range st.events {
			if !keep.Has(j) {
				continue
			}
			b := int(idx[translate.EventProc(j)] - translate.EventBase)
			if o.rel.Lt(i, j) {
				rel.After[a] |= translate.Of(b)
			}
			if o.rel.Eq(i, j) {
				rel.Class[a] |= translate.Of(b)
			}
		}
	}
	lits := make([]translate.Literal, len(o.lits))
	for i, l := range o.lits {
		lits[i] = l.Rename(func(p translate.Proc) translate.Proc {
			if q, ok := idx[p]; ok {
				return q
			}
			return p
		})
	}
	cube, order, _, ok := translate.Canonicalize(lits, events, rel)
	if !ok {
		return pre{}, false
	}
	num := numberingOf(order)
	return pre{cube: cube, args: num.apply(sigma), from: num.apply(identity(st.c.NVars))}, true
}

// collect returns the events to keep: the unsatisfied reads, and the entry
// points (per process its first reads and its first writes or fences, per
// location its first writes) that are ghb-before or ghb-equal to one of
// them. Nothing else can take part in a cycle that a later pre-image
// closes.
func collect(lits []translate.Literal, events []translate.Event, rel translate.Rel) translate.Set {
	unsat := unsatReads(lits, events)
	var entries translate.Set
	minimal := func(member func(translate.Event) bool) {
		var s translate.Set
		for i, e := range events {
			if member(e) {
				s |= translate.Of(i)
			}
		}
		for i := range events {
			if !s.Has(i) {
				continue
			}
			first := true
			for j := range events {
				if s.Has(j) && rel.Lt(j, i) {
					first = false
					break
				}
			}
			if first {
				entries |= translate.Of(i)
			}
		}
	}
	seen := map[translate.Proc]bool{}
	for _, e := range events {
		if seen[e.Proc] {
			continue
		}
		seen[e.Proc] = true
		p := e.Proc
		minimal(func(f translate.Event) bool { return f.Proc == p && f.Kind == translate.Read })
		minimal(func(f translate.Event) bool { return f.Proc == p && f.Kind != translate.Read })
	}
	for _, e := range events {
		if e.Kind == translate.Write {
			w := e
			minimal(func(f translate.Event) bool { return f.Kind == translate.Write && f.SameLoc(w) })
		}
	}
	keep := unsat
	for i := range events {
		if !entries.Has(i) || unsat.Has(i) {
			continue
		}
		for u := range events {
			if unsat.Has(u) && (rel.Lt(i, u) || rel.Eq(i, u)) {
				keep |= translate.Of(i)
				break
			}
		}
	}
	return keep
}
