package certify

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/cubew/cubew/smt/z3"

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

// TestOnly keeps the selected obligations' blocks and everything else.
func TestOnly(t *testing.T) {
	kept := Only("(declare-const x Int)\n"+script, func(name string) bool { return name == "init: node_1" })
	require.Equal(t, []string{"init: node_1"}, Obligations(kept))
	require.Equal(t, "(declare-const x Int)\n(push 1)\n(echo \"obligation init: node_1\")\n(check-sat)\n(pop 1)\n", kept)
}

// TestRetry runs again only the obligations neither proved nor refuted,
// and takes their new answers.
func TestRetry(t *testing.T) {
	first := []Outcome{{"init: dom", "unsat"}, {"init: node_1", "sat"}, {"unsafe: unsafe_1", "unknown"}}
	var asked []string
	out, err := Retry(script, first, func(rest string) ([]Outcome, error) {
		asked = Obligations(rest)
		return []Outcome{{"unsafe: unsafe_1", "unsat"}}, nil
	})
	require.NoError(t, err)
	require.Equal(t, []string{"unsafe: unsafe_1"}, asked, "a sat answer is final")
	require.Equal(t, []Outcome{{"init: dom", "unsat"}, {"init: node_1", "sat"}, {"unsafe: unsafe_1", "unsat"}}, out)
	require.Equal(t, "unknown", first[2].Answer, "the first answers are not changed")
}

// TestEachAlone runs every obligation in a script of its own, with the
// declarations, and gathers the answers in order.
func TestEachAlone(t *testing.T) {
	var runs []string
	out, err := EachAlone("(declare-const x Int)\n"+script, 1, func(one string) ([]Outcome, error) {
		runs = append(runs, one)
		names := Obligations(one)
		require.Len(t, names, 1)
		require.True(t, strings.HasPrefix(one, "(declare-const x Int)\n"))
		return []Outcome{{names[0], "unsat"}}, nil
	})
	require.NoError(t, err)
	require.Len(t, runs, 3)
	require.Equal(t, []Outcome{{"init: dom", "unsat"}, {"init: node_1", "unsat"}, {"unsafe: unsafe_1", "unsat"}}, out)
}

// TestZ3LeavesNoOption: Z3 keeps the options a script sets for the later
// contexts of the process; Z3 gives them back their defaults, so that a
// certificate's limits (an rlimit, a bound on instances, E-matching off)
// do not reach the next check or reach's solver.
func TestZ3LeavesNoOption(t *testing.T) {
	const needs3 = "(declare-fun f (Int) Int)\n(assert (forall ((x Int)) (! (= (f x) (+ x 1)) :pattern ((f x)))))\n(assert (not (= (f (f (f 1))) 4)))\n"
	plain := func() string {
		out, err := z3.EvalSMTLIB2(context.Background(), needs3+"(check-sat)\n")
		require.NoError(t, err)
		return out
	}
	require.Equal(t, "unsat\n", plain())
	limited := "(set-option :smt.qi.max_instances 1)\n(set-option :smt.ematching false)\n(push 1)\n(echo \"obligation x\")\n" + needs3 + "(check-sat)\n(pop 1)\n"
	out, err := Z3(context.Background(), limited, 100_000)
	require.NoError(t, err)
	require.Equal(t, []Outcome{{Obligation: "x", Answer: "unknown"}}, out, "the limits applied")
	require.Equal(t, "unsat\n", plain(), "the limits were given back")
}

// TestZ3Progress: Z3With runs each group in a context of its own and
// reports every answer of every attempt with the work Z3 spent on it; an
// obligation left open gets its second and third attempts alone.
func TestZ3Progress(t *testing.T) {
	const groups = "(declare-const x Int)\n" +
		"(push 1)\n(echo \"obligation a: one\")\n(assert (> x x))\n(check-sat)\n(pop 1)\n" +
		"(push 1)\n(echo \"obligation a: two\")\n(assert (and (> x 2) (< x 1)))\n(check-sat)\n(pop 1)\n" +
		"(push 1)\n(echo \"obligation b: three\")\n(assert (= x 3))\n(check-sat)\n(pop 1)\n" +
		"(push 1)\n(echo \"obligation b: four\")\n(declare-fun f (Int) Int)\n(assert (forall ((y Int)) (! (and (>= (f y) 0) (> (f y) (f (+ y 1)))) :pattern ((f y)))))\n(assert (= (f 0) x))\n(check-sat)\n(pop 1)\n"
	var steps []Step
	out, err := Z3With(context.Background(), groups, Z3Options{Rlimit: 200_000, Progress: func(s Step) { steps = append(steps, s) }})
	require.NoError(t, err)
	require.Equal(t, []Outcome{{"a: one", "unsat"}, {"a: two", "unsat"}, {"b: three", "sat"}, {"b: four", "unknown"}}, out)
	var got []string
	for _, s := range steps {
		require.Positive(t, s.Work, s.Obligation)
		got = append(got, fmt.Sprintf("%d %s %s", s.Attempt, s.Obligation, s.Answer))
	}
	require.Equal(t, []string{"1 a: one unsat", "1 a: two unsat", "1 b: three sat", "1 b: four unknown", "2 b: four unknown", "3 b: four unknown"}, got)
	require.Equal(t, steps[0].Context, steps[1].Context, "a group shares its context")
	require.Equal(t, "transition t/1", groupOf("transition t/1: node_3"))
}

// TestEachGroupWhole: a script whose obligations are not in blocks of
// their own (facts before the echo) runs whole, once.
func TestEachGroupWhole(t *testing.T) {
	loose := "(push 1)\n(assert true)\n(echo \"obligation a is feasible\")\n(check-sat)\n(pop 1)\n(push 1)\n(assert true)\n(echo \"obligation b is feasible\")\n(check-sat)\n(pop 1)\n"
	runs := 0
	out, err := eachGroup(loose, 1, func(s string) ([]Outcome, error) {
		runs++
		require.Equal(t, loose, s)
		return Outcomes(s, "obligation a is feasible\nsat\nobligation b is feasible\nsat\n"), nil
	})
	require.NoError(t, err)
	require.Equal(t, 1, runs)
	require.Equal(t, []Outcome{{"a is feasible", "sat"}, {"b is feasible", "sat"}}, out)
}
