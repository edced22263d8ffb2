package reach

import (
	"math/bits"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/translate"
)

// Coherence obligations of satisfied reads under PSO (internals note
// §7.11). When a read r reads a write w and w reached memory before r (w
// is ghb-before r: another process's write, or the process's own write
// that left its buffer), w is the last write to r's location to reach
// memory before r. So every other write y to the location reaches memory
// before w or after r:
//
//	y → w  or  r → y
//
// fromReads draws this conclusion for the writes the cube already has when
// r is satisfied. The writes generated later (issued earlier) are bound by
// it too: the cube keeps r, marked translate.Event.Sourced, with w, and
// each new write y to the location either is already on one side (y is
// before r, for instance a write of r's own process, which left its buffer
// before r read memory: then y → w) or the pre-image branches on the two.
//
// w stays the one ghb-maximal write to the location before r: every write
// put before r is put before w (fromReads), and a write put after w is put
// after r. So sourceOf finds it again in every later cube, and a visited
// cube's marked read stands for a new cube's only when their sources
// correspond (sourcesAgree): an obligation towards an earlier write is
// stronger.
//
// Keeping every such read would let cubes grow without bound; an
// obligation may be dropped at any time (the cube then allows more
// executions: an over-approximation). Marked are the reads of another
// process's write, and the reads of the process's own write that has left
// its buffer (w ghb-before r: a fence or a locked transition between
// them; then r reads memory, not the buffer, and w is the last write to
// arrive). A mark of a read of another process's write lasts while its
// process has no write to the location before the read (that write,
// generated later, is before the source by fromReads, and the process's
// earlier writes are before it); every mark lasts while the process has
// no earlier marked read of the location.
//
// Why the refined search's SAFE is as sound as the plain search's. The
// plain search over-approximates PSO: every edge of a cube's relation
// holds, in time, in every execution the cube stands for (reads at their
// step, writes when they reach memory, a cube standing for the executions
// whose suffix from the cube's step on has its events), and subsumption
// drops a cube only for a visited one with fewer constraints. The refined
// search adds to it:
//
//   - the mark on r with source w: a fact of every such execution, as
//     above (r reads memory, where w is the last write to arrive);
//   - the edges drawn from it (fromReads on the marked pairs, and a new
//     write of r's process to the location before r: r reads memory, so
//     that write left the buffer before r), each implied by the fact and
//     the edges already there;
//   - subsumption only for a visited cube whose marked reads map to marked
//     reads with corresponding sources (the matcher's sameEvent and
//     sourcesAgree): the visited cube's obligations are among the new
//     one's, so it stands for at least the new one's executions; and whose
//     unsatisfied reads map to unsatisfied reads only (unsatAgree: a
//     marked read, like any satisfied one, reads a write of the cube, with
//     a value no literal states).
//
// The source stays in the cube (collect keeps a marked read as an
// unsatisfied one, and lastWrites keeps the ghb-maximal writes before it,
// the source among them) and stays the one ghb-maximal write before r, so
// sourceOf never names another write (an obligation towards an earlier
// write would not be a fact); where it is not unique the obligation is
// left out. Dropping a mark removes a constraint. So every cube of the
// refined search stands for every PSO execution it would stand for without
// its marks and edges from them, and a fixpoint that covers the unsafe
// cubes' pre-images covers every PSO execution reaching them: decide.Check
// takes the refined search's SAFE.

// KeepingObligations returns mm with one more instruction to the search:
// under a model whose writes may become visible out of program order
// (PSO), satisfied reads of a write ghb-before them keep their coherence
// obligation (the first per process and location; a read of another
// process's write while the process has no write to the location before
// the read). The search is then more
// exact and larger; decide.Check runs it when the plain search's
// counterexamples do not replay, and takes its SAFE (the argument above)
// or its UNSAFE that replays.
func KeepingObligations(mm memmodel.Model) memmodel.Model { return obligations{mm} }

// obligations is a model whose search keeps obligations.
type obligations struct{ memmodel.Model }

// keepsObligations reports whether mm came from KeepingObligations (also
// under searchModel's wrapper, or OrderingSteps').
func keepsObligations(mm memmodel.Model) bool { return asks[obligations](mm) }

// sourcedPairs returns the marked reads among events with their sources.
// A marked read whose source is not unique (which the invariant above
// excludes) is left out: fewer constraints.
func sourcedPairs(events []translate.Event, rel translate.Rel) []rfPair {
	var out []rfPair
	for r, e := range events {
		if !e.Sourced {
			continue
		}
		if w, ok := sourceOf(r, events, rel); ok {
			out = append(out, rfPair{r, w})
		}
	}
	return out
}

// sourceOf returns the one ghb-maximal write to read r's location that is
// ghb-before r.
func sourceOf(r int, events []translate.Event, rel translate.Rel) (int, bool) {
	var before translate.Set
	for w, e := range events {
		if e.Kind == translate.Write && e.SameLoc(events[r]) && rel.Lt(w, r) {
			before |= translate.Of(w)
		}
	}
	src, n := -1, 0
	for w := range events {
		if before.Has(w) && rel.After[w]&before == 0 {
			src, n = w, n+1
		}
	}
	return src, n == 1
}

// newSources returns the reads of pairs that read a write ghb-before them
// in rel: another process's write (rfe), or the process's own write that
// has left its buffer (a fence or a locked transition between them). They
// read memory, and keep the obligation (marked Sourced).
func (st *weakStep) newSources(rel translate.Rel, read []rfPair) translate.Set {
	var out translate.Set
	for _, p := range read {
		if st.events[p.r].Proc != st.p || rel.Lt(p.w, p.r) {
			out |= translate.Of(p.r)
		}
	}
	return out
}

// markSourced returns a copy of events with the reads of set marked
// Sourced. A marked read of another process's write stays marked only
// while its process has no write to its location before it (its earlier
// writes, generated later, are before that write, so before the source,
// by program order and fromReads); a marked read of its own write keeps
// the mark (the process's other writes before it are before the source by
// program order). Either stays marked only while its process has no
// earlier marked read of the location (a bound: dropping an obligation
// only allows more executions).
func markSourced(events []translate.Event, set translate.Set, rel translate.Rel) []translate.Event {
	out := append([]translate.Event(nil), events...)
	for r := range out {
		if set.Has(r) {
			out[r].Sourced = true
		}
	}
	for r, e := range out {
		if !e.Sourced {
			continue
		}
		src, ok := sourceOf(r, out, rel)
		own := ok && out[src].Proc == e.Proc
		for q, f := range out {
			if q != r && f.Proc == e.Proc && f.SameLoc(e) && rel.Lt(q, r) && (f.Kind == translate.Write && !own || f.Sourced) {
				out[r].Sourced = false
				break
			}
		}
	}
	return out
}

// sourcesAgree reports whether the renaming mu of visited cube v's events
// into cube n's maps the source of each of v's marked reads to the source
// of its image.
func sourcesAgree(v, n *translate.Cube, mu []int) bool {
	for r, e := range v.Events {
		if !e.Sourced {
			continue
		}
		w, ok := sourceOf(r, v.Events, v.Rel)
		w2, ok2 := sourceOf(mu[r], n.Events, n.Rel)
		if !ok || !ok2 || mu[w] != w2 {
			return false
		}
	}
	return true
}

// unsatAgree reports whether the renaming mu of a visited cube's events
// into a cube's maps every unsatisfied read of the visited cube (vUnsat:
// one whose value a literal constrains, it reads a write from before the
// cube's state) to an unsatisfied read of the cube (nUnsat). A satisfied
// read of the cube reads a write of the cube, a marked one too, with a
// value no literal of the cube states: standing for it, the visited
// cube's read would ask the solver about a value the cube leaves free, so
// that two visited cubes reading different values from before the state
// would cover together a cube whose read reads a later write, a state
// neither contains (dekker_2 under pso: node 205's pre-image by
// t_CS_L7_W_Turn_Other where process #1's read of Turn reads the step's
// own write was covered by nodes 5 and 243, #1 = val(e) and #1 <> val(e)),
// and the visited cube's pre-images would look for its write among those
// not generated yet.
func unsatAgree(vUnsat, nUnsat translate.Set, mu []int) bool {
	for r := vUnsat; r != 0; r &= r - 1 {
		if !nUnsat.Has(mu[bits.TrailingZeros64(uint64(r))]) {
			return false
		}
	}
	return true
}

// everyMark is the model of Covers' pre-images: the search's model, whose
// pre-images keep every mark (partneredMarks drops none). A pre-image
// with more marks is included in the visited cubes that include it
// without them, so the covers of a search that dropped marks are found
// too; the certificates state the marks of the cubes (certify's rf.L),
// and a pre-image without them was not included in the cubes that have
// them (corr_readers' refined proof: transition w's obligation of node
// 50 failed with its covers taken from pre-images without marks).
type everyMark struct{ memmodel.Model }

// DroppingLoneMarks returns mm whose search, when it also orders steps
// and keeps obligations (OrderingSteps(KeepingObligations(mm))), drops
// the marks of reads without a partner (partneredMarks). decide does not
// run it; with it lamport_N's combined search under pso reaches its
// fixpoint (decide's TestLamportPSOObligationsFixpoint). Without it that
// search keeps every mark, as the certificates' tests of marks under the
// step order expect (certify's TestRefinedSearchCertified: 3 marked
// cubes, none with it).
func DroppingLoneMarks(mm memmodel.Model) memmodel.Model { return loneMarks{mm} }

// loneMarks is a model whose search drops the marks of reads without a
// partner.
type loneMarks struct{ memmodel.Model }

// partneredMarks drops the marks of reads without a partner, in the search
// that also orders steps (DroppingLoneMarks(OrderingSteps(KeepingObligations(mm)))): a read
// keeps its mark only while an unsatisfied read of its location by
// another process is after it. The obligation is what the law of timed
// reads needs when the earlier of two reads is satisfied first
// (steporder.go); once the later one is satisfied too, timedreads.go and
// fromReads have drawn what it gives. Dropping a mark is always sound (a
// constraint less); it keeps the marks from dragging every process's
// loops into the cubes (selfvalued.go has the measures).
func partneredMarks(events []translate.Event, lits []translate.Literal, rel translate.Rel) []translate.Event {
	unsat := unsatReads(lits, events)
	for r, e := range events {
		if !e.Sourced {
			continue
		}
		partner := false
		for u := unsat; u != 0; u &= u - 1 {
			i := bits.TrailingZeros64(uint64(u))
			if f := events[i]; f.Proc != e.Proc && f.SameLoc(e) && rel.Lt(r, i) {
				partner = true
				break
			}
		}
		if !partner {
			events[r].Sourced = false
		}
	}
	return events
}
