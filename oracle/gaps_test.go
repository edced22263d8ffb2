package oracle

import (
	"context"
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// ticketSteps is the steps bound of the unreduced runs of
// TestTicketOracleExact: the smallest that reaches every class of the
// instances with 2 and 3 processes (dpor's TestGapsExact).
const ticketSteps = 13

// TestTicketOracleExact checks the oracle of the ticket spin lock under
// TSO (Head and Tail weak, R[i] a register; a process that loses the
// compare-and-swap keeps its ticket while Tail grows) against unreduced
// runs of 13 steps per process, on every cube of 1 to 3 literals over
// two processes. Capped gaps (dpor/gaps.go) make the instances with 1 to
// 3 processes complete, where the shift alone stopped at the state
// limit with 2. A cube that an unreduced state satisfies is reachable,
// so the oracle must call it reached; and every cube whose literals it
// looks at (offsets below the width, 2) and calls reached is reached by
// the unreduced runs too: the oracle is exact on them.
func TestTicketOracleExact(t *testing.T) {
	ctx := context.Background()
	m := corpusModel(t, "cubicle-w/cubtso/ticket_spin_lock_N.cub", syntax.CheckOptions{})
	o, err := New(ctx, m, memmodel.TSO, 2, 0)
	require.NoError(t, err)
	require.Empty(t, o.Partial)
	require.Equal(t, 3, o.Largest())
	require.Equal(t, int64(2), o.instances[1].gap)
	require.Equal(t, []int{6, 32, 130}, instanceSizes(o))
	plain := &Oracle{n: 2, memo: map[string]bool{}}
	for k := 1; k <= 3; k++ {
		var states []dpor.State
		res, err := dpor.Reachable(ctx, m, dpor.Options{N: k, Model: memmodel.TSO, MaxSteps: ticketSteps}, func(s dpor.State) { states = append(states, s) })
		require.NoError(t, err)
		require.Equal(t, translate.Safe, res.Verdict, res.Reason)
		plain.add(newInstance(k, states, res))
	}
	pool := ticketLiterals(m)
	exact := 0
	cubes, truly, unreached := compareUnreached(t, o, plain, pool, translate.NewCube, func(idx []int, c *translate.Cube, reached, seen bool) {
		for _, j := range idx {
			if !withinGap(pool[j], 2) {
				return
			}
		}
		exact++
		require.Equal(t, seen, reached, "%s", c)
	})
	require.Equal(t, 502, cubes)
	require.Equal(t, 18, truly)
	require.Equal(t, 16, unreached)
	require.Equal(t, 303, exact)
}

// instanceSizes returns the number of states of each instance of o.
func instanceSizes(o *Oracle) []int {
	var out []int
	for _, in := range o.instances {
		out = append(out, len(in.states))
	}
	return out
}

// ticketLiterals are the literals over processes #1, #2 of the ticket
// spin lock: each one's location, and their tickets compared (=, <>, <)
// and one or two apart.
func ticketLiterals(m *syntax.Model) []translate.Literal {
	pc, r := m.Symbols["PC"], m.Symbols["R"]
	var out []translate.Literal
	for _, x := range []translate.Proc{1, 2} {
		for _, l := range []string{"L1", "L2", "L3", "L4"} {
			out = append(out, translate.NewLiteral(translate.Eq, translate.StateTerm(pc, x), translate.CtorTerm(l)))
		}
	}
	r1, r2 := translate.StateTerm(r, 1), translate.StateTerm(r, 2)
	out = append(out, translate.NewLiteral(translate.Eq, r1, r2), translate.NewLiteral(translate.Ne, r1, r2),
		translate.NewLiteral(translate.Lt, r1, r2), translate.NewLiteral(translate.Lt, r2, r1))
	for _, d := range []int64{1, 2} {
		off := translate.Lin{K: big.NewRat(d, 1)}
		out = append(out, translate.NewLiteral(translate.Eq, r1, translate.Plus(r2, off)),
			translate.NewLiteral(translate.Eq, r2, translate.Plus(r1, off)))
	}
	return out
}
