package reach

import (
	"math/big"
	"testing"

	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestWeaken: the literals a candidate takes from a node's numeric
// literals. An offset between two counters becomes the order it implies
// (`Next = Serving + 1` gives `Serving < Next`), an equality with a
// nonzero number the sign, a bound or disequality with a number stays,
// and what implies no relation of the bases (an offset disequality, a
// bound above the base, symbolic constants) gives none; over integers a
// strict bound one above the base is the non-strict order it is
// (`Next < Serving + 1` gives `Next <= Serving`), over reals nothing.
// 12 cases.
func TestWeaken(t *testing.T) {
	next, serving, tickets := counters()
	realT := &syntax.Type{Name: "real", Kind: syntax.TReal}
	rnext := translate.StateTerm(&syntax.Symbol{Name: "RNext", Class: syntax.SymVar, Type: realT})
	rserving := translate.StateTerm(&syntax.Symbol{Name: "RServing", Class: syntax.SymVar, Type: realT})
	ticket := translate.StateTerm(tickets, 1)
	num := func(k int64) *translate.Term { return translate.NumTerm(big.NewRat(k, 1)) }
	lit := translate.NewLiteral
	cases := []weakenCase{
		{lit(translate.Eq, next, plus(serving, 1)), lit(translate.Lt, serving, next).Key()},
		{lit(translate.Eq, plus(serving, 2), ticket), lit(translate.Lt, serving, ticket).Key()},
		{lit(translate.Eq, next, plus(serving, -3)), lit(translate.Lt, next, serving).Key()},
		{lit(translate.Lt, next, plus(serving, -1)), lit(translate.Lt, next, serving).Key()},
		{lit(translate.Le, next, serving), lit(translate.Le, next, serving).Key()},
		{lit(translate.Eq, next, num(4)), lit(translate.Lt, num(0), next).Key()},
		{lit(translate.Lt, next, num(3)), lit(translate.Lt, next, num(3)).Key()},
		{lit(translate.Ne, next, plus(serving, 1)), ""},
		{lit(translate.Le, next, plus(serving, 1)), ""},
		{lit(translate.Lt, next, plus(serving, 1)), lit(translate.Le, next, serving).Key()},
		{lit(translate.Lt, rnext, plus(rserving, 1)), ""},
		{lit(translate.Eq, next, translate.Plus(serving, translate.Lin{Consts: []translate.Coeff{{Name: "Tick", K: 1}}})), ""},
	}
	requireWeakened(t, cases, weaken)
	require.Len(t, cases, 12)
}

// counters are the terms Next and Serving and the array Ticket of a
// ticket lock.
func counters() (next, serving *translate.Term, tickets *syntax.Symbol) {
	intT := &syntax.Type{Name: "int", Kind: syntax.TInt}
	next = translate.StateTerm(&syntax.Symbol{Name: "Next", Class: syntax.SymVar, Type: intT})
	serving = translate.StateTerm(&syntax.Symbol{Name: "Serving", Class: syntax.SymVar, Type: intT})
	return next, serving, &syntax.Symbol{Name: "Ticket", Class: syntax.SymArray, Type: intT}
}

// plus is b + k.
func plus(b *translate.Term, k int64) *translate.Term {
	return translate.Plus(b, translate.Lin{K: big.NewRat(k, 1)})
}

// weakenCase is a literal and the key of the literal a weakening gives
// for it, "" when it gives none.
type weakenCase struct {
	in   translate.Literal
	want string
}

// requireWeakened requires weaken to give each case's literal.
func requireWeakened(t *testing.T, cases []weakenCase, weaken func(translate.Literal) (translate.Literal, bool)) {
	t.Helper()
	for _, tc := range cases {
		got, ok := weaken(tc.in)
		if tc.want == "" {
			require.False(t, ok, "%s gave %s", tc.in, got)
			continue
		}
		require.True(t, ok, "%s", tc.in)
		require.Equal(t, tc.want, got.Key(), "%s", tc.in)
	}
}
