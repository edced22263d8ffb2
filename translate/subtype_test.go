package translate_test

import (
	"sort"
	"testing"

	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// subtypeModel exercises every source of values: init pins, constructor
// assignments, flows between variables (to a fixpoint), nondeterministic
// assignment, an init disjunction, and variables init leaves free.
const subtypeModel = `
type msg = Empty | Req | Ack | Inv | Gnt
var Cmd : msg
var Last : msg
var Free : msg
var Any : msg
var Flag : bool
array Chan[proc] : msg
array Copy[proc] : msg
array Pair[proc, proc] : msg

init (z) { Cmd = Empty && Last = Empty && Any = Empty && Flag = False &&
           (Chan[z] = Empty || Chan[z] = Req) && Copy[z] = Empty }

unsafe (x) { Chan[x] = Gnt }

transition send (n)
requires { Chan[n] = Empty }
{ Chan[n] := Req; Cmd := Ack }

transition copy (n)
requires { Cmd = Ack }
{ Copy[j] := case | j = n : Chan[j] | _ : Copy[j]; Last := Copy[n] }

transition scramble ()
requires { Cmd = Ack }
{ Any := . }
`

func buildModel(t *testing.T, src string) *translate.System {
	t.Helper()
	m, err := syntax.ParseAndCheck("subtype.cub", []byte(src), syntax.CheckOptions{})
	require.NoError(t, err)
	sys, err := translate.Build(m)
	require.NoError(t, err)
	return sys
}

func subtypeNames(sys *translate.System, name string) []string {
	sub := translate.SubtypeOf(sys.Model.Symbols[name])
	if sub == nil {
		return nil
	}
	var out []string
	for c := range sub {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

func TestSubtypes(t *testing.T) {
	sys := buildModel(t, subtypeModel)
	require.Equal(t, []string{"Ack", "Empty"}, subtypeNames(sys, "Cmd"), "init value and assignment")
	require.Equal(t, []string{"Empty", "Req"}, subtypeNames(sys, "Chan"), "init disjunction and assignment")
	require.Equal(t, []string{"Empty", "Req"}, subtypeNames(sys, "Copy"), "flow from Chan")
	require.Equal(t, []string{"Empty", "Req"}, subtypeNames(sys, "Last"), "flow from Copy, to a fixpoint")
	require.Nil(t, subtypeNames(sys, "Free"), "init leaves it free: every constructor")
	require.Nil(t, subtypeNames(sys, "Any"), "nondeterministic assignment: every constructor")
	require.Nil(t, subtypeNames(sys, "Pair"), "init says nothing of it")
	require.Equal(t, []string{"False"}, subtypeNames(sys, "Flag"), "a boolean never set stays False")
	// The unsafe cube Chan[x] = Gnt can never hold: it simplifies away.
	require.Empty(t, sys.Unsafe)
}

func TestSubtypeDecidesLiterals(t *testing.T) {
	sys := buildModel(t, subtypeModel)
	cmd := translate.StateTerm(sys.Model.Symbols["Cmd"])
	ctor := translate.CtorTerm
	require.Equal(t, translate.False, translate.NewLiteral(translate.Eq, cmd, ctor("Inv")).Eval())
	require.Equal(t, translate.True, translate.NewLiteral(translate.Ne, cmd, ctor("Gnt")).Eval())
	require.Equal(t, translate.Undecided, translate.NewLiteral(translate.Eq, cmd, ctor("Ack")).Eval())
	// Completion over the subtype: Cmd <> Empty leaves Ack.
	lits, ok := translate.Simplify([]translate.Literal{translate.NewLiteral(translate.Ne, cmd, ctor("Empty"))})
	require.True(t, ok)
	require.Len(t, lits, 1)
	require.Equal(t, "Cmd = Ack", lits[0].String())
	_, ok = translate.Simplify([]translate.Literal{
		translate.NewLiteral(translate.Ne, cmd, ctor("Empty")), translate.NewLiteral(translate.Ne, cmd, ctor("Ack"))})
	require.False(t, ok, "no value of the subtype is left")
	// A variable init leaves free is not restricted.
	free := translate.StateTerm(sys.Model.Symbols["Free"])
	require.Equal(t, translate.Undecided, translate.NewLiteral(translate.Eq, free, ctor("Inv")).Eval())
}

func TestSubtypeInitIndices(t *testing.T) {
	// init (x y) constrains every pair, the diagonal too: M holds A only.
	sys := buildModel(t, `
type msg = A | B | C
array M[proc, proc] : msg
array N[proc] : msg
init (x y) { M[x, y] = A && N[x] = A }
unsafe (x) { N[x] = B }
transition t (i) requires { N[i] = A } { N[i] := B }
`)
	require.Equal(t, []string{"A"}, subtypeNames(sys, "M"))
	require.Equal(t, []string{"A", "B"}, subtypeNames(sys, "N"))
	// forall x <> y leaves the diagonal free: M may hold anything.
	sys = buildModel(t, `
type msg = A | B | C
array M[proc, proc] : msg
init { forall x <> y. M[x, y] = A }
unsafe (x) { M[x, x] = B }
transition t (i) requires { M[i, i] = A } { M[i, i] := C }
`)
	require.Nil(t, subtypeNames(sys, "M"))
}
