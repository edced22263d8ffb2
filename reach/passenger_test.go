package reach

import (
	"testing"

	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestHasPassenger: Sender and Receiver are never assigned (static), so
// a variable whose only literal is `Sender[#k] <> Receiver[#k]` beside
// unrelated literals is a passenger: 5 cubes, 2 with one.
func TestHasPassenger(t *testing.T) {
	m, err := syntax.Load("../oracle/testdata/clocks.cub", syntax.CheckOptions{SC: true})
	require.NoError(t, err)
	sys, err := translate.Build(m)
	require.NoError(t, err)
	static := staticSymbols(sys)
	require.True(t, static(m.Symbols["Sender"]))
	require.False(t, static(m.Symbols["State"]))
	require.False(t, static(m.Symbols["Clock"]))
	cell := func(name string, p translate.Proc) *translate.Term { return translate.StateTerm(m.Symbols[name], p) }
	message := func(p translate.Proc) translate.Literal {
		return translate.NewLiteral(translate.Ne, cell("Sender", p), cell("Receiver", p))
	}
	state := func(p translate.Proc, c string) translate.Literal {
		return translate.NewLiteral(translate.Eq, cell("State", p), translate.CtorTerm(c))
	}
	cases := []struct {
		lits []translate.Literal
		want bool
	}{
		{[]translate.Literal{message(1), message(2), state(2, "Ack")}, true},
		{[]translate.Literal{message(1), translate.NewLiteral(translate.Lt, translate.StateTerm(m.Symbols["Timer"]), cell("Clock", 2))}, true},
		{[]translate.Literal{message(1), state(1, "Ack")}, false},
		{[]translate.Literal{state(1, "Ack"), state(2, "Ack")}, false},
		{[]translate.Literal{message(1), state(2, "Req"), translate.NewLiteral(translate.Eq, cell("Sender", 1), translate.ProcTerm(2))}, false},
	}
	for _, tc := range cases {
		c, ok := translate.NewCube(tc.lits)
		require.True(t, ok)
		require.Equal(t, tc.want, hasPassenger(c, static), "%s", c)
	}
	require.Len(t, cases, 5)
}
