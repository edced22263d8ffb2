package certify

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"
)

const script = `(push 1)
(echo "obligation init: dom")
(check-sat)
(pop 1)
(push 1)
(echo "obligation init: node_1")
(check-sat)
(pop 1)
(push 1)
(echo "obligation unsafe: unsafe_1")
(check-sat)
(pop 1)
`

// TestOutcomes reads Z3's bare and cvc5's quoted echoes, and marks an
// obligation without an answer.
func TestOutcomes(t *testing.T) {
	require.Equal(t, []string{"init: dom", "init: node_1", "unsafe: unsafe_1"}, Obligations(script))
	z3 := "obligation init: dom\nunsat\nobligation init: node_1\nsat\nobligation unsafe: unsafe_1\nunknown\n"
	cvc5 := "\"obligation init: dom\"\nunsat\n\"obligation init: node_1\"\nsat\n\"obligation unsafe: unsafe_1\"\nunknown\n"
	want := []Outcome{{"init: dom", "unsat"}, {"init: node_1", "sat"}, {"unsafe: unsafe_1", "unknown"}}
	require.Equal(t, want, Outcomes(script, z3))
	require.Equal(t, want, Outcomes(script, cvc5))
	cut := Outcomes(script, "obligation init: dom\nunsat\n")
	require.Equal(t, "no answer", cut[1].Answer)
	require.False(t, cut[1].Holds())
	require.True(t, cut[0].Holds())
}

// TestQuote keeps simple symbols, renames sort names and quotes the rest.
func TestQuote(t *testing.T) {
	require.Equal(t, "Turn", quote("Turn"))
	require.Equal(t, "pre.Turn", quote("pre.Turn"))
	require.Equal(t, "Int!", quote("Int"))
	require.Equal(t, "|A'|", quote("A'"))
}

// TestNumber prints integers and rationals as Int or Real literals.
func TestNumber(t *testing.T) {
	require.Equal(t, "3", number(bigRat(3, 1), false))
	require.Equal(t, "(- 3)", number(bigRat(-3, 1), false))
	require.Equal(t, "3.0", number(bigRat(3, 1), true))
	require.Equal(t, "(- (/ 1.0 2.0))", number(bigRat(-1, 2), false))
	require.Equal(t, "0", number(nil, false))
}

func bigRat(a, b int64) *big.Rat { return big.NewRat(a, b) }
