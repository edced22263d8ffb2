package reach

import (
	"math/big"
	"testing"

	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestWeakenPositive: with `0 < Tick` in the node, an offset over Tick
// has a sign, and the literals over a clock that Tick advances
// (ricart_abdulla's Timer, Clock, Last) give the order of their bases:
// `Clock[#1] = Timer + Tick` gives `Timer < Clock[#1]`, `Timer + 2 * Tick
// < Last[#1]` gives `Timer < Last[#1]`, `Clock[#1] = Timer + 1.0 + Tick`
// too; what has no sign (`Timer + Tick - 1.0`, a constant not said
// positive, a disequality, a bound above the base) gives nothing. The
// candidates of such a node keep the order. 7 cases.
func TestWeakenPositive(t *testing.T) {
	realT := &syntax.Type{Name: "real", Kind: syntax.TReal}
	tick := &syntax.Symbol{Name: "Tick", Class: syntax.SymConst, Type: realT}
	step := &syntax.Symbol{Name: "Step", Class: syntax.SymConst, Type: realT}
	timer := translate.StateTerm(&syntax.Symbol{Name: "Timer", Class: syntax.SymVar, Type: realT})
	clock := translate.StateTerm(&syntax.Symbol{Name: "Clock", Class: syntax.SymArray, Arity: 1, Type: realT}, 1)
	last := translate.StateTerm(&syntax.Symbol{Name: "Last", Class: syntax.SymArray, Arity: 1, Type: realT}, 1)
	off := func(t *translate.Term, k int64, consts ...translate.Coeff) *translate.Term {
		return translate.Plus(t, translate.Lin{K: big.NewRat(k, 1), Consts: consts})
	}
	ticks := func(k int64) translate.Coeff { return translate.Coeff{Name: "Tick", K: k} }
	lit := translate.NewLiteral
	positive := lit(translate.Lt, translate.NumTerm(new(big.Rat)), translate.StateTerm(tick))
	pos := positiveConsts(&translate.Cube{Lits: []translate.Literal{positive, lit(translate.Lt, translate.StateTerm(step), timer)}})
	require.Equal(t, map[string]bool{"Tick": true}, pos)
	cases := []weakenCase{
		{lit(translate.Eq, clock, off(timer, 0, ticks(1))), lit(translate.Lt, timer, clock).Key()},
		{lit(translate.Lt, off(timer, 0, ticks(2)), last), lit(translate.Lt, timer, last).Key()},
		{lit(translate.Eq, clock, off(timer, 1, ticks(1))), lit(translate.Lt, timer, clock).Key()},
		{lit(translate.Eq, clock, off(timer, -1, ticks(1))), ""},
		{lit(translate.Eq, clock, off(timer, 0, translate.Coeff{Name: "Step", K: 1})), ""},
		{lit(translate.Ne, clock, off(timer, 0, ticks(1))), ""},
		{lit(translate.Lt, clock, off(timer, 0, ticks(1))), ""},
	}
	requireWeakened(t, cases, func(l translate.Literal) (translate.Literal, bool) { return weakenPositive(l, pos) })
	require.Len(t, cases, 7)
	wait := lit(translate.Eq, translate.StateTerm(&syntax.Symbol{Name: "Waiting", Class: syntax.SymArray, Arity: 1, Type: &syntax.Type{Name: "bool", Kind: syntax.TBool}}, 1), translate.CtorTerm("True"))
	node, ok := translate.NewCube([]translate.Literal{positive, wait, cases[0].in})
	require.True(t, ok)
	var keys []string
	for _, c := range checked(candidates(node, 1)) {
		keys = append(keys, c.Key())
	}
	order, _ := translate.NewCube([]translate.Literal{lit(translate.Lt, timer, clock)})
	require.Contains(t, keys, order.Key())
}
