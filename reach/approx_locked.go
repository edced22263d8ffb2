package reach

import (
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// lockedCandidates are the candidates of n that keep some reads of its
// transitions (transitionReads), at least one of them pinned by a write
// (pins: a read of a locked transition, such as a ticket lock's
// compare-and-swap of Tail, or a read ghb-before a write of its
// location). A candidate keeps, with a few of n's state literals, the
// literals comparing those reads' values with state terms, constants or
// each other (weakened as candidates' are, offset chains included:
// `R[#1] = val(e0)` and `R[#1] + 2 = R[#2]` give `val(e0) < R[#2]`), the
// events that pin the reads (so a locked read stays one atomic step with
// its write) and n's relation restricted to them. Each is more general
// than n: the cube of n's literals over the kept events is checked to
// imply the candidate's literals, and the search's syntactic inclusion
// (subsume.go) to find n included in that cube. See doc.go,
// "Approximation", for what the oracle is asked (judgedAs).
func (e *engine) lockedCandidates(n *node, maxVars int) []candidate {
	return e.pinnedCandidates(n, maxVars, transitionReads(n.cube))
}

// lockedFlagCandidates are lockedCandidates over the reads of finite
// types that n's locked transitions performed (lockedFlagReads): a
// message flag that a receiver reads and clears in one atomic step
// (chandy_misra's `NetPerm[j,i] = True` then `NetPerm[j,i] := False`).
// approximate tries them after every other kind, which they would
// otherwise preempt (see transitionReads). They are made only in a search
// whose model lets writes leave program order (PSO's over-approximating
// search, where chandy_misra needs them): under SC and TSO the backward
// search decides the corpus's flag protocols without them (chandy_misra
// under TSO exactly, in 91 nodes), and they would change proved answers
// (two_phase_N under TSO with --brab 3: 27 nodes and 6 candidates instead
// of 47 and 1).
func (e *engine) lockedFlagCandidates(n *node, maxVars int) []candidate {
	if memmodel.WritesInProgramOrder(e.opts.Model) {
		return nil
	}
	return e.pinnedCandidates(n, maxVars, lockedFlagReads(n.cube))
}

// pinnedCandidates are the candidates of n that keep some of its reads
// in reads, at least one of them pinned by a write, as lockedCandidates
// says.
func (e *engine) pinnedCandidates(n *node, maxVars int, reads translate.Set) []candidate {
	c := n.cube
	if reads == 0 {
		return nil
	}
	isNum := func(t *translate.Term) bool { return numeric(t) || readValue(t, reads) }
	lits := impliedLits(c.Lits, isNum, func(w translate.Literal) bool {
		return stateLiteral(w) || valueLiteral(w, reads) && !plainReadsOfTwo(w, c) && !plainReadOfOther(w, c)
	})
	return generalise(lits, maxVars, map[string]bool{c.Key(): true}, func(_ []int, sub []translate.Literal) (*translate.Cube, func() bool) {
		keep, ok := pinnedEvents(sub, c, reads)
		if !ok {
			return nil, nil
		}
		cand, ok := restrict(sub, c, keep)
		if !ok {
			return nil, nil
		}
		return cand, func() bool {
			strongLits := litsOver(c.Lits, keep)
			// A chain of offsets may have gone through a dropped read:
			// check that strong implies each literal of cand.
			strong, ok := restrict(strongLits, c, keep)
			return ok && subsetOf(sub, impliedLits(strongLits, isNum, func(translate.Literal) bool { return true })) && e.includes(n, strong)
		}
	})
}

// impliedLits returns the literals that lits imply and that keep
// accepts: each literal weakened (weaken), and the relations their
// chains of offsets give between the terms isNum accepts
// (offsetRelationsOver), without repetition.
func impliedLits(lits []translate.Literal, isNum func(*translate.Term) bool, keep func(translate.Literal) bool) []translate.Literal {
	var out []translate.Literal
	known := map[translate.Literal]bool{}
	add := func(w translate.Literal) {
		if !known[w] && keep(w) {
			known[w] = true
			out = append(out, w)
		}
	}
	for _, l := range lits {
		if w, ok := weaken(l); ok {
			add(w)
		}
	}
	for _, w := range offsetRelationsOver(lits, isNum) {
		add(w)
	}
	return out
}

// subsetOf reports whether every literal of a is in b.
func subsetOf(a, b []translate.Literal) bool {
	in := make(map[translate.Literal]bool, len(b))
	for _, l := range b {
		in[l] = true
	}
	for _, l := range a {
		if !in[l] {
			return false
		}
	}
	return true
}

// includes reports whether the search's syntactic inclusion finds n
// included in cube c.
func (e *engine) includes(n *node, c *translate.Cube) bool {
	budget := matchBudget
	return e.newMatcher(n.facts(), &budget).includes((&node{cube: c}).pattern())
}

// transitionReads returns c's unsatisfied reads of numeric locations
// that are neither final nor sourced (PSO obligations): the reads of its
// transitions whose values its literals constrain, of counters such as a
// ticket lock's Tail. Reads of finite types are left to the other kinds,
// which this one would otherwise preempt: tried on them, it replaced
// fenced mutex_N_us's process-forgetting candidate (UNKNOWN at 60 nodes
// instead of SAFE in 12) and two_phase_N's final-read one.
func transitionReads(c *translate.Cube) translate.Set {
	var s translate.Set
	unsat := unsatReads(c.Lits, c.Events)
	for i, ev := range c.Events {
		if unsat.Has(i) && !ev.Final && !ev.Sourced && numericLoc(ev.Loc) {
			s |= translate.Of(i)
		}
	}
	return s
}

// lockedFlagReads returns c's unsatisfied reads of locations of finite
// types that are neither final nor sourced and that a write of their own
// transition pins (a locked transition: its read and writes are one
// atomic step).
func lockedFlagReads(c *translate.Cube) translate.Set {
	var s, writes translate.Set
	for j, ev := range c.Events {
		if ev.Kind == translate.Write {
			writes |= translate.Of(j)
		}
	}
	unsat := unsatReads(c.Lits, c.Events)
	for i, ev := range c.Events {
		if unsat.Has(i) && !ev.Final && !ev.Sourced && ev.Loc != nil && !numericLoc(ev.Loc) && c.Rel.Class[i]&writes != 0 {
			s |= translate.Of(i)
		}
	}
	return s
}

// pins returns the events that pin c's read i, i itself included: its
// class (its transition's events) when that holds a write, and the
// classes of the writes of its location that it is ghb-before (the
// relation keeps the edges into a class's reads only: i before one member
// is before all).
func pins(c *translate.Cube, i int) translate.Set {
	var writes, out translate.Set
	for j, ev := range c.Events {
		if ev.Kind != translate.Write {
			continue
		}
		writes |= translate.Of(j)
		if ev.SameLoc(c.Events[i]) && c.Rel.After[i]&c.Rel.Class[j] != 0 {
			out |= c.Rel.Class[j]
		}
	}
	if c.Rel.Class[i]&writes != 0 {
		out |= c.Rel.Class[i]
	}
	return out | translate.Of(i)
}

// pinnedEvents returns the events a candidate of lits keeps: the reads of
// set that lits mention and the events that pin them; false when none of
// them is pinned by a write or when some variable only appears bare
// (indexedVars).
func pinnedEvents(lits []translate.Literal, c *translate.Cube, set translate.Set) (translate.Set, bool) {
	reads := unsatReads(lits, c.Events) & set
	var keep translate.Set
	pinned := false
	var readers []translate.Proc
	for i, ev := range c.Events {
		if reads.Has(i) {
			p := pins(c, i)
			pinned = pinned || p != translate.Of(i)
			keep |= p
			readers = append(append(readers, ev.Proc), ev.Index...)
		}
	}
	return keep, pinned && indexedVars(lits, readers...)
}

// numericLoc reports whether loc holds integers or reals.
func numericLoc(loc *syntax.Symbol) bool {
	return loc != nil && (loc.Type.Kind == syntax.TInt || loc.Type.Kind == syntax.TReal)
}

// readValue reports whether t is the value of a read of set (numeric for
// transitionReads' reads; a flag of lockedFlagReads has no offset to
// chain).
func readValue(t *translate.Term, set translate.Set) bool {
	i := int(t.P - translate.EventBase)
	return t.Kind == translate.KVal && i >= 0 && set.Has(i)
}

// valueLiteral reports whether l compares the value of a read of set
// with a state term, a constant or another such value, without offsets.
func valueLiteral(l translate.Literal, set translate.Set) bool {
	reads := 0
	for _, t := range []*translate.Term{l.L, l.R} {
		if t.Kind == translate.KVal {
			if i := int(t.P - translate.EventBase); i < 0 || !set.Has(i) {
				return false
			}
			reads++
		} else if !stateTerm(t) {
			return false
		}
	}
	return reads > 0
}

// judgedAs is the cube the oracle judges for candidate c: c with the
// reads of its transitions marked final, so that the oracle evaluates
// each as what its process would read in the state (its newest buffered
// write to the location, else memory: oracle/final.go), and so the
// reads of lockedFlagCandidates. See doc.go, "Approximation". A cube
// without such reads is asked as it is.
func judgedAs(c *translate.Cube) *translate.Cube {
	reads := transitionReads(c) | lockedFlagReads(c)
	if reads == 0 {
		return c
	}
	events := make([]translate.Event, len(c.Events))
	for i, ev := range c.Events {
		events[i] = ev
		events[i].Final = ev.Final || reads.Has(i)
	}
	if f, _, _, ok := translate.Canonicalize(c.Lits, events, c.Rel); ok {
		return f
	}
	return c
}

// plainReadsOfTwo reports whether l compares the values of two plain
// reads of c (ghb-equal to no write: not locked reads) by different
// processes. The oracle judges both as read in the state (judgedAs), so
// it finds them ordered as the state orders them, but either may happen
// in the execution before the other process's part of the state: on
// ticket_spin_lock_N such candidates (`val(e2) < val(e0)`, #2's read of
// Tail before #1's below #1's, and 59 with more literals) were refuted
// one after another, 60 restarts in 3,000 nodes.
func plainReadsOfTwo(l translate.Literal, c *translate.Cube) bool {
	if l.L.Kind != translate.KVal || l.R.Kind != translate.KVal {
		return false
	}
	i, j := int(l.L.P-translate.EventBase), int(l.R.P-translate.EventBase)
	return c.Events[i].Proc != c.Events[j].Proc && !lockedRead(c, i) && !lockedRead(c, j)
}

// lockedRead reports whether read i of c is ghb-equal to a write: the
// read of a locked transition, one atomic step with its write.
func lockedRead(c *translate.Cube, i int) bool {
	for j, ev := range c.Events {
		if ev.Kind == translate.Write && c.Rel.Class[i].Has(j) {
			return true
		}
	}
	return false
}

// plainReadOfOther reports whether l compares the value of a plain read
// of c (not locked) by process p with a state cell of another process
// (`val(e1) < R[#1]`, #2's read of Tail below #1's ticket). The oracle
// judges the read as made in the state (judgedAs), but it may happen
// before the other process's part of the state, as plainReadsOfTwo says:
// on ticket_spin_lock_N under TSO six such candidates (#2's read of Tail
// ghb-before #1's compare-and-swap, below R[#1]) and one more were
// refuted, 7 restarts; without them one is.
func plainReadOfOther(l translate.Literal, c *translate.Cube) bool {
	for _, pair := range [][2]*translate.Term{{l.L, l.R}, {l.R, l.L}} {
		v, t := pair[0], pair[1]
		if v.Kind != translate.KVal {
			continue
		}
		i := int(v.P - translate.EventBase)
		if lockedRead(c, i) {
			continue
		}
		if t.Kind == translate.KLin && t.Base != nil {
			t = t.Base
		}
		if t.Kind != translate.KState {
			continue
		}
		for _, a := range t.Args {
			if a != c.Events[i].Proc {
				return true
			}
		}
	}
	return false
}
