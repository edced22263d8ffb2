package translate_test

import (
	"testing"

	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestSimplifyProcessPins: cube variables are distinct processes, so a
// variable equal to two constants, or two variables equal to one
// constant, is a contradiction; a disequality the pins imply is dropped.
func TestSimplifyProcessPins(t *testing.T) {
	v1, v2 := translate.ProcTerm(1), translate.ProcTerm(2)
	c1, c2 := translate.ProcTerm(-1), translate.ProcTerm(-2)
	eq := func(a, b *translate.Term) translate.Literal { return translate.NewLiteral(translate.Eq, a, b) }
	ne := func(a, b *translate.Term) translate.Literal { return translate.NewLiteral(translate.Ne, a, b) }
	for _, c := range []struct {
		name string
		in   []translate.Literal
		ok   bool
		out  int
	}{
		{"one variable, two constants", []translate.Literal{eq(v1, c1), eq(v1, c2)}, false, 0},
		{"two variables, one constant", []translate.Literal{eq(v1, c1), eq(v2, c1)}, false, 0},
		{"pinned and excluded", []translate.Literal{eq(v1, c1), ne(v1, c1)}, false, 0},
		{"two pins", []translate.Literal{eq(v1, c1), eq(v2, c2)}, true, 2},
		{"disequality implied by the variable's pin", []translate.Literal{eq(v1, c1), ne(v1, c2)}, true, 1},
		{"disequality implied by another variable's pin", []translate.Literal{eq(v1, c1), ne(v2, c1)}, true, 1},
		{"disequality not implied", []translate.Literal{eq(v1, c1), ne(v2, c2)}, true, 2},
	} {
		out, ok := translate.Simplify(c.in)
		require.Equal(t, c.ok, ok, c.name)
		require.Len(t, out, c.out, c.name)
	}
}
