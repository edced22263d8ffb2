package certify

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPrune keeps the definitions a part names, directly or through
// another kept one, and every other line; it leaves out the rest, one
// line or several, quoted names too.
func TestPrune(t *testing.T) {
	const full = "(declare-const x Int)\n" +
		"(define-fun b ((y Int)) Bool (> y 0))\n" +
		"(define-fun a ((y Int)) Bool\n  (and (b y) (< y 9)))\n" +
		"(define-fun c ((y Int)) Bool\n  (and (a y)\n    (|q r| y)))\n" +
		"(define-fun |q r| ((y Int)) Bool (= y 2))\n" +
		"; a comment naming c\n" +
		"(push 1)\n(echo \"obligation g: one\")\n(assert (a x))\n(check-sat)\n(pop 1)\n" +
		"(push 1)\n(echo \"obligation g: two\")\n(assert (c x))\n(check-sat)\n(pop 1)\n"
	defs := newDefinitions(full)
	one := defs.prune(Only(full, func(o string) bool { return o == "g: one" }))
	require.Equal(t, "(declare-const x Int)\n"+
		"(define-fun b ((y Int)) Bool (> y 0))\n"+
		"(define-fun a ((y Int)) Bool\n  (and (b y) (< y 9)))\n"+
		"; a comment naming c\n"+
		"(push 1)\n(echo \"obligation g: one\")\n(assert (a x))\n(check-sat)\n(pop 1)\n", one)
	two := defs.prune(Only(full, func(o string) bool { return o == "g: two" }))
	require.Equal(t, Only(full, func(o string) bool { return o == "g: two" }), two, "c needs a, b and |q r|")
	out, err := Z3(t.Context(), one, 0)
	require.NoError(t, err)
	require.Equal(t, []Outcome{{"g: one", "sat"}}, out)
	scoped := "(push 1)\n(define-fun s () Bool (b 1))\n(push 1)\n(echo \"obligation g: one\")\n(assert s)\n(check-sat)\n(pop 1)\n(pop 1)\n" +
		"(push 1)\n(define-fun s () Bool true)\n(push 1)\n(echo \"obligation h: one\")\n(assert s)\n(check-sat)\n(pop 1)\n(pop 1)\n"
	defs = newDefinitions("(define-fun b ((y Int)) Bool (> y 0))\n" + scoped)
	require.Contains(t, defs.prune(Only("(define-fun b ((y Int)) Bool (> y 0))\n"+scoped, func(o string) bool { return o == "g: one" })), "(define-fun b ",
		"g's s names b, though h's s, defined later under the same name, does not")
	require.Equal(t, 1, parenDepth(`(define-fun |a)| ((y Int)) Bool ; (`), "the quoted ) and the commented ( do not count")
}
