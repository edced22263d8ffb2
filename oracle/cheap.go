package oracle

import (
	"context"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// CheapStates is the most states an instance of a cheap oracle has
// (Lazy.Cheap). The complete corpus oracles that pay for an early start
// are far below it (sense_barrier's instances with 1..3 processes have
// 214 states, arbiter_v2_N's 111, szymanski_at's 261), while a model
// whose instances grow without bound (bakery_lamport's instance with one
// process, lamport_N's with two under TSO) shows it within this many
// states, at a small part of the cost of its whole oracle.
const CheapStates = 500

// cheap reports whether the instances of m with 1..n processes under mm
// are each explored completely within CheapStates states, none reaching
// an unsafe state; it stops at the first that is not. An oracle over
// them costs little, and says which cubes are unreached with no
// instance cut short.
func cheap(ctx context.Context, m *syntax.Model, mm memmodel.Model, n int) bool {
	m = finiteAbstract(m)
	r := probe(ctx, m, mm)
	for k := 1; k <= n; k++ {
		_, res, err := exploreReduced(ctx, m, reductions(k, mm, CheapStates, r))
		if err != nil || res.Verdict != translate.Safe {
			return false
		}
	}
	return true
}
