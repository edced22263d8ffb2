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
	if !opts.AssumeInvariants {
		m = m.InvariantsAsUnsafe()
	}
	o, err := oracle.New(ctx, m, mm, n, maxStates)
	if err != nil {
		return opts, nil, err
	}
	opts.Oracle = o
	return opts, o, nil
}
