package reach

import "github.com/cubew/cubew/translate"

// Reads-from choices of a weak pre-image. When process p's transition
// writes location l, each unsatisfied read r of the cube on l (it happens
// later) either reads the new write w or reads another write.
//
// When writes become visible in program order (SC, TSO; see
// memmodel.WritesInProgramOrder), coherence follows the order of
// generation:
//
//   - p's own r reads w: w is p's latest write to l before r (an own
//     write in between would have satisfied r already), and any other
//     write r could read would be coherence-before w;
//   - another process's r reads w (rfe: w → r) or a write generated
//     earlier, coherence-before w (from-read: r → w).
//
// Under PSO (design.md, reference semantics) the relation is the order in
// time of an execution's steps: a read is at its step, a write when it
// reaches memory, and the backward search generates transitions in the
// reverse of the order they are issued in. Coherence between the writes of
// different processes is then unknown, and:
//
//   - p's own r reads w (from p's buffer, or from memory while w is the
//     last write there), or w reached memory and then a write of another
//     process, coherence-after w, which r reads from memory: w → r;
//   - another process's r reads w from memory (w → r), or some other
//     write: one still buffered, or a coherence-earlier one while w waits
//     in p's buffer, or a coherence-later one; no edge either way, but
//     when the transition is locked (it also reads): w reached memory at
//     its step, before r's: w → r.
//
// In every model a read r that reads w comes before the cube's writes to l
// that are ghb-after w (from-read): they are coherence-after w (under PSO
// they reach memory after w), so r reads none of them. Among them are p's
// later writes to l, which reach memory in program order. Under SC and
// TSO these edges are already in the cube. Under PSO the cube's writes to
// l that are before r are before w (fromReads).

// rfOutcome is one choice of which unsatisfied reads the new writes
// satisfy: the literals with their values replaced and the relation.
type rfOutcome struct {
	lits []translate.Literal
	rel  translate.Rel
	// sourced holds the reads satisfied now that keep the coherence
	// obligation of their source (PSO, obligation.go).
	sourced translate.Set
}

// rfPair is an unsatisfied read r of the cube and a new write w to its
// location.
type rfPair struct{ r, w int }

// rfChoices enumerates the reads-from choices of the cube's unsatisfied
// reads on the written locations and keeps the acyclic ones.
func (st *weakStep) rfChoices(lits []translate.Literal) ([]rfOutcome, error) {
	unsat := unsatReads(lits, st.events[:st.nOld])
	var forced, optional []rfPair
	for _, w := range st.writes {
		for r := range st.events[:st.nOld] {
			if !unsat.Has(r) || !st.events[r].SameLoc(st.events[w]) {
				continue
			}
			if st.events[r].Proc == st.p && st.inOrder {
				forced = append(forced, rfPair{r, w})
			} else {
				optional = append(optional, rfPair{r, w})
			}
		}
	}
	if len(optional) > maxOptionalReads {
		return nil, errTooManyReads
	}
	var pairs []rfPair
	if st.sourced {
		pairs = sourcedPairs(st.events[:st.nOld], st.c.Rel)
	}
	var out []rfOutcome
	for mask := 0; mask < 1<<len(optional); mask++ {
		rel := st.rel.Clone()
		var m map[*translate.Term]*translate.Term // the read values replaced
		read := forced
		for k, p := range optional {
			if mask&(1<<k) != 0 {
				read = append(read[:len(read):len(read)], p)
			} else {
				st.readOther(rel, p)
			}
		}
		if len(read) > 0 {
			m = make(map[*translate.Term]*translate.Term, len(read))
		}
		for _, p := range read {
			st.readFrom(rel, m, p)
		}
		if st.drawsTimedReads() {
			st.timedReads(rel, read, unsat&^readers(read))                            // timedreads.go
			if st.unreadable(rel, lits, unsatReads(lits, st.events)&^readers(read)) { // selfvalued.go
				continue
			}
		}
		all := append(read[:len(read):len(read)], pairs...)
		st.fromReads(rel, all)
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
		o := rfOutcome{lits: next, rel: rel}
		if st.sourced {
			o.sourced = st.newSources(rel, read)
		}
		out = append(out, o)
	}
	return out, nil
}

// readFrom makes p.r read p.w: its value becomes the written term (in m),
// and an external read is after the write (rfe).
func (st *weakStep) readFrom(rel translate.Rel, m map[*translate.Term]*translate.Term, p rfPair) {
	r := st.events[p.r]
	m[translate.ValTerm(r.Loc, translate.EventProc(p.r))] = st.values[p.w-st.writes[0]]
	if r.Proc != st.p {
		rel.AddLt(p.w, p.r)
	}
}

// fromReads adds the edges between the cube's writes y to the location
// and the new write w that a read r reads:
//
//   - from-read: r is before every y that is ghb-after w (coherence-after
//     w; under PSO y reaches memory after w, so after r reads), but for
//     the write of r's own transition when it is a locked
//     read-modify-write (ghb-equal to r: the same instant);
//   - coherence: every y that is ghb-before r is before w. Under PSO, if
//     r reads w from memory, w is the last write to reach memory before
//     r, and y reached memory before r; if r reads w from its process's
//     buffer, w reaches memory after r, so after y. Under SC and TSO w
//     is before every y: such a y makes a cycle either way.
//
// An added edge can order further writes after a read's source or before
// a read: repeat until nothing changes.
func (st *weakStep) fromReads(rel translate.Rel, read []rfPair) {
	for changed := true; changed; {
		changed = false
		for _, p := range read {
			for y, e := range st.events {
				if e.Kind != translate.Write || !e.SameLoc(st.events[p.r]) || y == p.w || rel.Eq(y, p.w) {
					continue
				}
				if rel.Lt(p.w, y) && !rel.Eq(p.r, y) && !rel.Lt(p.r, y) {
					rel.AddLt(p.r, y)
					changed = true
				}
				if rel.Lt(y, p.r) && !rel.Lt(y, p.w) {
					rel.AddLt(y, p.w)
					changed = true
				}
			}
		}
	}
}

// readOther makes p.r read a write other than p.w, which stays
// unsatisfied.
func (st *weakStep) readOther(rel translate.Rel, p rfPair) {
	switch {
	case st.inOrder:
		rel.AddLt(p.r, p.w) // from-read: a write coherence-before w
	case st.events[p.r].Proc == st.p:
		rel.AddLt(p.w, p.r) // a write of another process, visible after w
	case len(st.reads) > 0:
		rel.AddLt(p.w, p.r) // w is written at its transition's step, before r's
	}
}

// unsatReads returns the reads among events whose value occurs in lits.
func unsatReads(lits []translate.Literal, events []translate.Event) translate.Set {
	var s translate.Set
	var procs [8]translate.Proc
	buf := procs[:0]
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
