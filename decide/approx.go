package decide

import (
	"context"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/oracle"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/syntax"
)

// WithOracle returns opts with approximation turned on (reach.Options.Oracle):
// an oracle over the reachable states of m's instances with 1..n
// processes under mm, explored by the explicit engine with at most
// maxStates states each (0: oracle.DefaultMaxStates). The invariant items
// are explored as unsafe items unless opts.AssumeInvariants trusts them,
// so that the oracle sees the states they exclude. n = 0 returns opts
// unchanged. An instance the explicit engine cannot run gives an error
// (the search can run without the oracle).
func WithOracle(ctx context.Context, m *syntax.Model, mm memmodel.Model, opts reach.Options, n, maxStates int) (reach.Options, *oracle.Oracle, error) {
	if n <= 0 {
		return opts, nil, nil
	}
	o, err := oracle.New(ctx, oracleModel(m, opts), mm, n, maxStates)
	if err != nil {
		return opts, nil, err
	}
	opts.Oracle = o
	return opts, o, nil
}

// WithLazyOracle is WithOracle with an oracle explored on the search's
// first candidate (oracle.Lazy): a search decided before
// opts.ApproxAfter nodes never explores it. Its exploration error, if
// any, is Lazy.Explored's after the search (the search then ran without
// candidates). n = 0 returns opts unchanged and a nil oracle.
func WithLazyOracle(ctx context.Context, m *syntax.Model, mm memmodel.Model, opts reach.Options, n, maxStates int) (reach.Options, *oracle.Lazy) {
	if n <= 0 {
		return opts, nil
	}
	o := oracle.NewLazy(ctx, oracleModel(m, opts), mm, n, maxStates)
	opts.Oracle = o
	return opts, o
}

// oracleModel is m with its invariant items as unsafe items, unless opts
// trusts them: the oracle then sees the states they exclude.
func oracleModel(m *syntax.Model, opts reach.Options) *syntax.Model {
	if opts.AssumeInvariants {
		return m
	}
	return m.InvariantsAsUnsafe()
}
