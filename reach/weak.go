package reach

import (
	"fmt"
	"math/bits"

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
// (memmodel.Model.Preserved; a fence orders everything), from-read from a
// new read to the later writes of its location, and from every new read
// and fence to the unsafe formula's final reads, which happen after every
// read and fence of the execution. When writes become visible in program
// order (SC, TSO: memmodel.WritesInProgramOrder), coherence from a new
// write to the later writes of its location: writes become visible in the
// order the backward search generates them (the Dual-TSO view).
//
// Under PSO the relation is read as the order in time of an execution's
// steps, generated backwards in the order the transitions are issued: a
// read is at its step, a write when it reaches memory. Program order and
// fences hold as above. A new read x happens before a later transition
// issues a write y, so before y reaches memory: the from-read edge x → y
// holds whatever x reads (when x reads its own buffered write, coherence
// may even put y first: the edge is one of time, not of coherence). A new
// write may reach memory after a later write of another process to the
// location, so coherence gets no edge across processes.
//
// A later read that no write satisfied yet (an unsatisfied read: its value
// still occurs in the literals) on a location a new write writes may read
// from it or not (readsfrom.go); combinations whose ghb has a cycle are
// dropped; a satisfied read's value is replaced by the written term.
//
// Events are then collected (collect.go): only unsatisfied reads, and the
// entry points that can still be ghb-before one of them, can close a
// future cycle.

// weakTransition reports whether t touches weak memory or fences.
func weakTransition(t *translate.Transition) bool {
	return t.Fence || writesWeak(t) || readsWeak(t)
}

// writesWeak reports whether t updates a weak location.
func writesWeak(t *translate.Transition) bool {
	for _, u := range t.Updates {
		if u.Sym.Weak {
			return true
		}
	}
	return false
}

// readsWeak reports whether t's guard or updates read a weak location.
func readsWeak(t *translate.Transition) bool {
	for _, u := range t.Updates {
		if termsRead(u) {
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
func weakPreImages(c *translate.Cube, t *translate.Transition, sigma []translate.Proc, partial [][]translate.Literal, mm memmodel.Model, owned ownedCells) ([]pre, error) {
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
			st.owned = owned
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
	errTooManyReads  = fmt.Errorf("the writes of a step could satisfy more than %d reads", maxOptionalReads)
)

// maxOptionalReads bounds the reads a step's writes may or may not
// satisfy: rfChoices tries every subset of them, each with its own copy of
// the ghb relation, so the bound caps one pre-image's work at 2^k outcomes
// (a node budget alone would not end a search stuck in one pre-image).
const maxOptionalReads = 12

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
	c  *translate.Cube
	p  translate.Proc // the acting process
	mm memmodel.Model
	// inOrder: writes become visible in program order, so coherence
	// follows the order of generation (memmodel.WritesInProgramOrder).
	inOrder bool
	// sourced: satisfied reads keep their coherence obligations
	// (obligation.go, KeepingObligations).
	sourced bool
	owned   ownedCells // the system's owned arrays (owned.go)
	events  []translate.Event
	rel     translate.Rel
	nOld    int
	reads   []int
	writes  []int
	values  []*translate.Term // written value of each new write (of writes[k]: values[k])
	fence   int               // index of the fence event, -1 if none
}

func newWeakStep(c *translate.Cube, p translate.Proc, mm memmodel.Model) *weakStep {
	inOrder := memmodel.WritesInProgramOrder(mm)
	return &weakStep{c: c, p: p, mm: mm, inOrder: inOrder, sourced: !inOrder && keepsObligations(mm), events: append([]translate.Event(nil), c.Events...),
		nOld: len(c.Events), fence: -1}
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
		st.values = append(st.values, w.value)
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
		atStep := st.stepBefore(i) // steporder.go
		for j := 0; j < st.nOld; j++ {
			if atStep || st.ordered(st.events[i], st.events[j]) {
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
		case x.Kind == translate.Fence:
			return st.mm.FenceOrders(memmodel.Write, access(y))
		case y.Kind == translate.Fence:
			return st.mm.FenceOrders(access(x), memmodel.Read)
		case st.sourced && x.Kind == translate.Write && y.Sourced && sameLoc:
			return true // y read memory, so x had left the buffer (obligation.go)
		case st.mm.Preserved(access(x), access(y), sameLoc):
			return true
		}
	}
	switch {
	case x.Kind == translate.Write && y.Kind == translate.Write && sameLoc && st.inOrder:
		return true // coherence follows the order of generation (SC, TSO)
	case x.Kind == translate.Read && y.Kind == translate.Write && sameLoc:
		return true // from-read: x reads a write older than y (PSO: x is before y is issued)
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

// finish collects the events that still matter and builds the canonical
// pre-image.
func (st *weakStep) finish(o rfOutcome, sigma []translate.Proc) (pre, bool) {
	all := st.events
	if st.sourced {
		all = markSourced(st.events, o.sourced, o.rel)
		if ordersSteps(st.mm) && asks[loneMarks](st.mm) && !asks[everyMark](st.mm) {
			all = partneredMarks(all, o.lits, o.rel) // obligation.go
		}
	}
	unsat := unsatReads(o.lits, all)
	var dead translate.Set
	if st.inOrder {
		dead = st.owned.deadEnds(all, unsat)
		all, _ = st.owned.notFinal(all, dead)
	}
	keep := collect(o.lits, all, o.rel, st.inOrder, dead)
	var idx [translate.MaxEvents]int // event i of all -> its index in events
	events := make([]translate.Event, 0, keep.Len())
	for i := range all {
		if keep.Has(i) {
			idx[i] = len(events)
			events = append(events, all[i])
		}
	}
	later := keep // the events j whose pairs (i, j) of o.rel are kept: collect.go
	if st.inOrder {
		later &= unsat &^ dead
	}
	rel := translate.NewRel(len(events))
	for i := range st.events {
		if keep.Has(i) {
			a := idx[i]
			rel.After[a] = renumberSet(o.rel.After[i]&later, &idx)
			rel.Class[a] |= renumberSet(o.rel.Class[i]&keep, &idx)
		}
	}
	rename := func(p translate.Proc) translate.Proc {
		if i := int(p - translate.EventBase); p >= translate.EventBase && i < len(all) && keep.Has(i) {
			return translate.EventProc(idx[i])
		}
		return p
	}
	lits := make([]translate.Literal, len(o.lits))
	for i, l := range o.lits {
		lits[i] = l.Rename(rename)
	}
	cube, order, evOrder, ok := translate.Canonicalize(lits, events, rel)
	if !ok {
		return pre{}, false
	}
	num := numberingOf(order)
	return pre{cube: cube, args: num.apply(sigma), from: num.apply(identity(st.c.NVars)), events: eventOrigins(keep, evOrder)}, true
}

// renumberSet maps the events of s by idx.
func renumberSet(s translate.Set, idx *[translate.MaxEvents]int) translate.Set {
	var out translate.Set
	for ; s != 0; s &= s - 1 {
		out |= translate.Of(idx[bits.TrailingZeros64(uint64(s))])
	}
	return out
}
