package reach

import (
	"math/bits"

	"github.com/cubew/cubew/translate"
)

// collect returns the events of a pre-image to keep: the unsatisfied
// reads, the entry points that are ghb-before one of them but for the
// dead ends (reads no later step gives an outgoing edge, owned.go) or
// ghb-equal to one, and the events ghb-equal to those (wholeClasses). The entry points are the ghb-minimal members of each set of events
// that a later edge may point to:
//
//   - per process, its reads, and its writes and fences (program order
//     and fences from the process's new events);
//   - per location, its writes (coherence under SC and TSO, from-read from
//     a new read);
//   - when writes are not visible in program order (PSO), also per process
//     and location its writes (a new write of p to l is ordered before p's
//     later writes to l only), and per process its fences (before which a
//     new write of p is ordered, while it is not before p's writes to
//     other locations).
//
// Why nothing else matters: a later pre-image adds edges from its new
// events to the cube's events, and from-read edges leaving unsatisfied
// reads, to a new write (SC, TSO) or to the cube's writes of the writer
// to the location (readFrom; under SC and TSO the cube already has
// those); at the initial states every unsatisfied
// read is before every write to its location (readsInitialValues); under
// PSO, when an unsatisfied read u reads a new write w, the writes to u's
// location that are before u get edges to w (fromReads): the ghb-maximal
// ones are kept (lastWrites), and a cycle through the edge y → w from
// another one also goes through y → y' → w for a maximal y'.
// Satisfied reads and the other old events gain no outgoing edges. So a
// cycle closed later crosses the cube's events along a path y ⇝ u from
// the target y of a new edge to an unsatisfied read u. Each such edge
// points to every member of y's set above, and the set has a ghb-minimal
// member m with m = y or m → y; then m ⇝ u, m is kept, and the same edge
// to m closes the cycle through the kept events. The relation is
// transitively closed, so the kept pairs keep every path between kept
// events. In particular a non-minimal write w' of a location that is
// before an unsatisfied read u has a minimal write w of the location with
// w → w' ⇝ u: w is kept, and the initial-state edge from u's reads to w
// closes the cycle. Under PSO the writes of different processes to one
// location are not ordered, so a location may have several minimal
// writes; every one before an unsatisfied read is kept.
//
// Of the ghb pairs between kept events, when writes become visible in
// program order (SC, TSO), the cube keeps only those that end in an
// unsatisfied read (weakStep.finish), as Cubicle-W does
// (cubicle-w-internals.md §7.4h); the ghb-equal classes stay whole. A
// later pre-image adds edges that start at its new events or at the
// cube's unsatisfied reads (from-read to a new write: readOther,
// fromReads; fromReads also orders an old write y before the new write
// when y → r for the unsatisfied read r, a kept pair), and the initial
// states add edges from unsatisfied reads to writes (readsInitialValues).
// No other old event gains an outgoing edge. So a cycle closed later
// leaves the old events only at unsatisfied reads: each of its stretches
// through them is a path from where a new edge enters to an unsatisfied
// read, that is (closure) a kept pair. A pair ending in a write, a fence
// or a satisfied read is on no future cycle. Dropping it makes the cube
// more general (fewer constraints: more executions, never fewer), so it
// cannot hide a counterexample; it lets subsumption compare cubes that
// differ only in orders nothing can use any more. The minimal members
// above are then computed on the pairs kept: members no longer known to
// be ordered may both stay, which keeps more events, never fewer. Under
// PSO old writes gain outgoing edges (fromReads, lastWrites), and the
// cube keeps every pair.
func collect(lits []translate.Literal, events []translate.Event, rel translate.Rel, inOrder bool, dead translate.Set) translate.Set {
	unsat := unsatReads(lits, events)
	for i, e := range events {
		if e.Sourced {
			unsat |= translate.Of(i) // kept with its source (obligation.go)
		}
	}
	var entries translate.Set
	minimal := func(member func(translate.Event) bool) {
		var s, after translate.Set // the members, the events after some member
		for i, e := range events {
			if member(e) {
				s |= translate.Of(i)
				after |= rel.After[i]
			}
		}
		entries |= s &^ after
	}
	for i, e := range events {
		if !firstOfProc(events, i) {
			continue
		}
		p := e.Proc
		minimal(func(f translate.Event) bool { return f.Proc == p && f.Kind == translate.Read })
		minimal(func(f translate.Event) bool { return f.Proc == p && f.Kind != translate.Read })
		if !inOrder {
			minimal(func(f translate.Event) bool { return f.Proc == p && f.Kind == translate.Fence })
		}
	}
	for _, e := range events {
		if e.Kind == translate.Write {
			w := e
			minimal(func(f translate.Event) bool { return f.Kind == translate.Write && f.SameLoc(w) })
			if !inOrder {
				minimal(func(f translate.Event) bool { return f.Kind == translate.Write && f.SameLoc(w) && f.Proc == w.Proc })
			}
		}
	}
	if !inOrder {
		entries |= lastWrites(unsat, events, rel)
	}
	live := unsat &^ dead
	keep := unsat
	for i := range events {
		if entries.Has(i) && !unsat.Has(i) && (rel.After[i]|rel.Class[i])&live != 0 {
			keep |= translate.Of(i)
		}
	}
	return keep | wholeClasses(keep&^isolated(dead, live, rel), rel)
}

// isolated returns the dead ends (owned.go) whose ghb-equal class holds
// no live unsatisfied read and is before none: collect keeps such a read
// for its value but not its class.
//
// Why: a cycle closed later leaves the old events only at a live
// unsatisfied read (collect, owned.go), so it goes through an old event
// m only along a path m ⇝ u to one; the members of the class share their
// successors, so no member of such a class is on a future cycle, and at
// the initial states an edge from an unsatisfied read to one of its
// writes closes none either. Dropping them (the writes and fence of a
// transition whose reads of the process's own cells are all that still
// matters) only makes the cube more general. The class stays isolated in
// every later pre-image: its members are old events, which gain no
// outgoing edge (a dead end that a later write satisfies is no longer
// unsatisfied, and a satisfied read not before a live one is dropped).
func isolated(dead, live translate.Set, rel translate.Rel) translate.Set {
	var out translate.Set
	for s := dead; s != 0; s &= s - 1 {
		i := bits.TrailingZeros64(uint64(s))
		if (rel.After[i]|rel.Class[i])&live == 0 {
			out |= translate.Of(i)
		}
	}
	return out
}

// wholeClasses returns the ghb-equal classes of the events of keep: the
// events of a transition instance (its reads, its writes, its fence) are
// kept together or not at all.
//
// Why: collection drops an event once it is no longer an entry point,
// for instance a locked transition's write to a location that an
// earlier transition of its process (generated later) writes too. A
// visited cube V holding that transition's events whole then no longer
// maps into its own pre-image N, where one of them is gone, although N
// says everything V says: on dekker_simple_N, `exit` reads Crit[p] and
// writes Crit[p], Want[p] and Turn at one instant, and its pre-image by
// p's `req` (which writes Want[p] before) lost exit's write to Want[p],
// so every such pre-image was visited instead of covered by its parent.
//
// Why it is sound: a kept event of the class is a real event of every
// execution the cube stands for, ghb-equal to the kept one, with the
// same edges as in the pre-image; keeping it drops no state of the
// exact pre-image, it only keeps one that collection would have made
// more general. The pairs of the relation kept are chosen as for any
// kept event (weakStep.finish): a pair ending in such an event (a write,
// a fence or a satisfied read) is on no future cycle, by the argument
// above, and the class it belongs to already holds a kept event that
// future edges reach. Later steps treat it as any old event: ordered
// gives it the edges of its kind, and as an entry point it is kept only
// when it is before or ghb-equal to an unsatisfied read, which its class
// then also holds.
func wholeClasses(keep translate.Set, rel translate.Rel) translate.Set {
	var out translate.Set
	for s := keep; s != 0; s &= s - 1 {
		out |= rel.Class[bits.TrailingZeros64(uint64(s))]
	}
	return out
}

// lastWrites returns, for each unsatisfied read u, the writes to u's
// location that are ghb-before u and ghb-maximal among them. Under PSO the
// write u comes to read is after every write before u (fromReads): the
// edges from the last ones imply the others.
func lastWrites(unsat translate.Set, events []translate.Event, rel translate.Rel) translate.Set {
	var out translate.Set
	for u := range events {
		if !unsat.Has(u) {
			continue
		}
		var before translate.Set
		for w, e := range events {
			if e.Kind == translate.Write && e.SameLoc(events[u]) && rel.Lt(w, u) {
				before |= translate.Of(w)
			}
		}
		for w := range events {
			if before.Has(w) && rel.After[w]&before == 0 {
				out |= translate.Of(w)
			}
		}
	}
	return out
}

// firstOfProc reports whether events[i] is the first of its process.
func firstOfProc(events []translate.Event, i int) bool {
	for _, e := range events[:i] {
		if e.Proc == events[i].Proc {
			return false
		}
	}
	return true
}
