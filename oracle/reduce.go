package oracle

import (
	"context"
	"math/big"

	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// reductions are the explicit engine's options for the instance with k
// processes: the exact reductions that make an instance whose counters
// or clocks grow without bound (a ticket lock's Next and Serving,
// ricart_agrawala's Timer and Clock) finite, so that it is explored
// completely. Each keeps one reachable state per class of bisimilar
// states, and the oracle matches a cube against those representatives
// only:
//   - symmetry: every assignment of a cube's variables to processes is
//     tried, so a permuted representative answers as its class does;
//   - shifted counters: a literal between two numeric state terms
//     (`Serving < Ticket[#1]`) holds in a state iff it holds in every
//     shift of it; a literal between one and a number (`0 < Next`) does
//     not, and invariantLits drops it;
//   - capped gaps (dpor/gaps.go), with shifted counters: a gap between
//     consecutive integers of the model's width or more is keyed as
//     that width (a ticket kept by a process that lost the race for
//     Tail); a literal whose sides' offsets differ by the width or more
//     does not keep its truth across such a gap, and invariantLits drops
//     it; a run where a step puts a value inside a capped gap is
//     explored again without (exploreReduced);
//   - ordered reals (dpor/order.go): a comparison of two real state
//     terms without offsets (`Clock[#1] < Last[#2]`) holds in a state
//     iff it holds in every state of the same order; one with a number
//     or an offset (`Timer = 1`, `Last[#1] = Timer + Tick`) does not,
//     and invariantLits drops it;
//   - dead values: a cell that no continuation reads before overwriting
//     it (the ticket of an Idle process, ricart_agrawala's Is_proc,
//     never read; FLASH's data of an Invalid line) differs between the
//     states of a class; the representative reports it unknown
//     (dpor.ReachableClasses), and a literal over it counts as true.
//
// Dead values are on for every model: the exploration keeps the
// locations that init leaves free symbolic (dpor/lazy.go), so keying
// stale data as one no longer multiplies initial states that a state
// limit would have cut (FLASH with 2 processes used to give 8 states in
// 20 s with dead values over eagerly enumerated initial values; lazily,
// 26,525 classes, the whole instance, in about 2 s).
//
// Invariant items left in the model are trusted (its caller made the
// invariants it proves unsafe items: decide's oracleModel).
//
// Under a model whose writes may become visible out of program order
// (PSO), store buffers are bounded (maxBuffer): a process that loops
// through writes without a fence (lamport_N, between L1 and L2) fills
// its buffers without bound, and the exploration of its instance with 2
// processes never ended (25,622 states in 2 minutes; 1,574 states over
// all instances, bounded). Bounded, an instance is a part of its
// reachable states; New says so in Partial. The bound is small
// (maxBuffer), and an instance that fills it is explored again with
// completeBuffer on a small budget, kept when that is complete.
func reductions(k int, mm memmodel.Model, maxStates int, r reducible) dpor.Options {
	opts := dpor.Options{N: k, Model: mm, MaxStates: maxStates, Symmetry: true,
		Shift: r.shifted, Gaps: r.shifted, Order: r.ordered, DeadValues: true, AssumeInvariants: true}
	if !memmodel.WritesInProgramOrder(mm) {
		opts.MaxBuffer = maxBuffer
	}
	return opts
}

// exploreReduced explores the instance opts describes, again without
// capped gaps when a step put a value inside one (dpor/gaps.go: the
// capped keys were then not exact), and again with larger buffers when
// opts' bounded ones disabled a step (exploreLargerBuffers).
func exploreReduced(ctx context.Context, m *syntax.Model, opts dpor.Options) ([]dpor.State, *dpor.Result, error) {
	states, res, err := exploreGaps(ctx, m, opts)
	if err == nil && res.Bounded && opts.MaxBuffer > 0 && opts.MaxBuffer < completeBuffer {
		if s, r, ok := exploreLargerBuffers(ctx, m, opts); ok {
			return s, r, nil
		}
	}
	return states, res, err
}

// exploreLargerBuffers explores the instance opts describes with at most
// completeBuffer pending writes per buffer and opts.MaxStates/extraShare
// states, and returns it when that exploration is complete: no bound
// disabled a step, so it is the whole instance, exact. dekker_2b's
// instance with 2 processes fills buffers of 2 but no more (complete
// with 32), where chandy_misra's fills every bound (3,272 states with one
// process and 32) and keeps the bound of 2.
func exploreLargerBuffers(ctx context.Context, m *syntax.Model, opts dpor.Options) ([]dpor.State, *dpor.Result, bool) {
	opts.MaxBuffer, opts.MaxStates = completeBuffer, extraBudget(opts.MaxStates)
	states, res, err := exploreGaps(ctx, m, opts)
	if err != nil || res.Verdict != translate.Safe || res.Bounded {
		return nil, nil, false
	}
	return states, res, true
}

// exploreGaps is explore, again without capped gaps when a step put a
// value inside one.
func exploreGaps(ctx context.Context, m *syntax.Model, opts dpor.Options) ([]dpor.State, *dpor.Result, error) {
	states, res, err := explore(ctx, m, opts)
	if err == nil && res.GapsBroken {
		opts.Gaps = false
		return explore(ctx, m, opts)
	}
	return states, res, err
}

// maxBuffer is the most pending writes per store buffer (per process and
// location) of the instances explored under PSO. Two writes pending per
// location are enough to reorder writes across locations, which is what
// PSO adds to TSO; more multiply the states of a model that writes whole
// arrays without a fence: chandy_misra's oracle over 1..3 processes had
// 59,770 states (partial) in 20 CPU-s with 32, the bound `cubew bounded`
// allows, and has 9,064 in 0.4 CPU-s with 2, with the same candidates
// and invariants. The oracle only proposes candidates, which the search
// proves. An instance that fills buffers of 2 is explored again with
// completeBuffer (exploreLargerBuffers).
const maxBuffer = 2

// completeBuffer is the bound, `cubew bounded`'s default, with which an
// instance that filled buffers of maxBuffer is explored again, on a
// small state budget, in case it is complete there.
const completeBuffer = 32

// reducible says which reductions of unbounded numbers the explicit
// engine grants a model.
type reducible struct{ shifted, ordered bool }

// probe asks the explicit engine whether it keys m's states up to a
// common shift of their integers (dpor/shift.go) or by the order of their
// reals (dpor/order.go): a one-state run of the instance with one
// process.
func probe(ctx context.Context, m *syntax.Model, mm memmodel.Model) reducible {
	res, err := dpor.Reachable(ctx, m, dpor.Options{N: 1, Model: mm, MaxStates: 1, Shift: true, Order: true}, func(dpor.State) {})
	if err != nil {
		return reducible{}
	}
	return reducible{shifted: res.Shifted, ordered: res.Ordered}
}

// invariantLits returns the literals of c whose truth the reductions of
// the instance preserve within a class of states: in a shifted instance
// it leaves out those that compare a numeric term with a number; in an
// ordered one, those that compare a real state term with anything but
// another real state term, or carry an offset (the step itself, a
// constant, is kept as it is: it is compared with 0 only); where gaps
// are capped, those whose sides' offsets differ by the width or more.
func (in *instance) invariantLits(c *translate.Cube) []translate.Literal {
	if !in.shifted && !in.ordered {
		return c.Lits
	}
	out := make([]translate.Literal, 0, len(c.Lits))
	for _, l := range c.Lits {
		if in.shifted && isNumber(l.L) != isNumber(l.R) || in.gap > 0 && !withinGap(l, in.gap) {
			continue
		}
		if in.ordered && !orderInvariant(c.Events, l) {
			continue
		}
		out = append(out, l)
	}
	return out
}

// isNumber reports whether t is a number (a numeric term without a state
// term).
func isNumber(t *translate.Term) bool { return t.Kind == translate.KLin && t.Base == nil }

// orderInvariant reports whether l compares two ordered reals without
// offsets, or mentions none.
func orderInvariant(events []translate.Event, l translate.Literal) bool {
	a, b := orderedReal(events, l.L), orderedReal(events, l.R)
	if a || b {
		return a && b && l.L.Kind != translate.KLin && l.R.Kind != translate.KLin
	}
	return true
}

// orderedReal reports whether t is, or offsets, a real variable or array
// cell, or the value a final read takes of one.
func orderedReal(events []translate.Event, t *translate.Term) bool {
	if t.Kind == translate.KLin && t.Base != nil {
		t = t.Base
	}
	var s *syntax.Symbol
	switch t.Kind {
	case translate.KState:
		s = t.Sym
	case translate.KVal:
		if i := int(t.P - translate.EventBase); i >= 0 && i < len(events) {
			s = events[i].Loc
		}
	}
	return s != nil && s.Class != syntax.SymConst && s.Type.Kind == syntax.TReal
}

// withinGap reports whether the offsets of l's sides differ by less than
// gap, the width from which an instance's gaps are capped: such a
// literal has the same truth across a capped gap at every width
// (dpor/gaps.go).
func withinGap(l translate.Literal, gap int64) bool {
	d := new(big.Rat).Sub(offset(l.L), offset(l.R))
	return len(l.L.Off.Consts) == 0 && len(l.R.Off.Consts) == 0 && d.Abs(d).Cmp(big.NewRat(gap, 1)) < 0
}

// offset returns the number t adds to its base (0 for a term that is not
// numeric).
func offset(t *translate.Term) *big.Rat {
	if t.Kind != translate.KLin || t.Off.K == nil {
		return new(big.Rat)
	}
	return t.Off.K
}
