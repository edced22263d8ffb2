package decide_test

import (
	"context"
	"testing"

	"github.com/cubew/cubew/decide"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// checkSrc checks the model src under SC with at most maxNodes nodes.
func checkSrc(t *testing.T, src string, maxNodes int) *decide.Result {
	t.Helper()
	f, err := syntax.Parse("t.cub", []byte(src))
	require.NoError(t, err)
	m, err := syntax.Check(f, syntax.CheckOptions{SC: true})
	require.NoError(t, err)
	sys, err := translate.Build(m)
	require.NoError(t, err)
	res, err := decide.Check(context.Background(), m, sys, reach.Options{Model: memmodel.SC, NewSolver: newSolver, MaxNodes: maxNodes})
	require.NoError(t, err)
	return res
}

// channelsSrc is a message exchange whose init gives every channel two
// values (as distrib_channels of the Cubicle distribution does): no state
// is initial, and the backward search alone does not close a fixpoint.
const channelsSrc = `type msg = Empty | Req | Ack
array Msg[proc, proc] : msg
array V[proc, proc] : real
array Num[proc] : real
init (z z1) { Num[z] = 0.0 && Msg[z, z1] = Empty && V[z, z1] = 1.0 && V[z, z1] = 0.0 }
invariant (p) { Num[p] < 0.0 }
unsafe (a b) { Msg[a, b] = Ack && Msg[b, a] = Ack }
transition request (s r)
requires { Msg[s, r] = Empty }
{ Msg[s, r] := Req; V[s, r] := Num[s] }
transition answer (s r)
requires { Msg[s, r] = Req && V[s, r] < Num[r] }
{ Msg[s, r] := Ack; Num[r] := V[s, r] + 1.0 }
`

// TestNoInitialStateIsVacuouslySafe: a model whose init no state
// satisfies is SAFE at once, with no node visited, the invariant items
// proved, and a visited set of one cube of no literal (its negation,
// false, is the certificate's invariant).
func TestNoInitialStateIsVacuouslySafe(t *testing.T) {
	res := checkSrc(t, channelsSrc, 1)
	require.Equal(t, translate.Safe, res.Verdict)
	require.True(t, res.NoInitialState)
	require.Zero(t, res.Stats.Nodes)
	require.Equal(t, []string{"invariant[1]"}, res.Proved)
	require.Len(t, res.Invariant, 1)
	require.Empty(t, res.Invariant[0].Cube.Lits)
}

// TestInitialStatesAreNotVacuous: the same model with a satisfiable init
// is searched, up to its node limit (and a distinctness that init needs
// is no contradiction).
func TestInitialStatesAreNotVacuous(t *testing.T) {
	for _, init := range []string{
		"init (z z1) { Num[z] = 0.0 && Msg[z, z1] = Empty && V[z, z1] = 0.0 }",
		"init (z z1) { Num[z] = 0.0 && Msg[z, z1] = Empty && (z <> z1 => V[z, z1] = 1.0) && (z = z1 => V[z, z1] = 0.0) }",
	} {
		src := replaceLine(channelsSrc, "init ", init)
		res := checkSrc(t, src, 5)
		require.False(t, res.NoInitialState, init)
		require.Equal(t, translate.Unknown, res.Verdict, init)
		require.Equal(t, 5, res.Stats.Nodes, init)
	}
}

// replaceLine returns src with its line starting with prefix replaced by
// line.
func replaceLine(src, prefix, line string) string {
	out := ""
	for len(src) > 0 {
		i := 0
		for i < len(src) && src[i] != '\n' {
			i++
		}
		l := src[:i]
		if len(l) >= len(prefix) && l[:len(prefix)] == prefix {
			l = line
		}
		out += l + "\n"
		src = src[min(i+1, len(src)):]
	}
	return out
}

// TestConstValueFixesTheConstant: `const Max = n` fixes Max to n in every
// state: a counter that stops at Max reaches 2 with Max = 2 (a replayed
// counterexample), never with Max = 1.
func TestConstValueFixesTheConstant(t *testing.T) {
	src := `const Max = %s
var Count : int
init () { Count = 0 }
unsafe () { Count = 2 }
transition inc ()
requires { 0 <= Count && Count < Max }
{ Count := Count + 1 }
`
	safe := checkSrc(t, replaceLine(src, "const ", "const Max = 1"), 100)
	require.Equal(t, translate.Safe, safe.Verdict)
	require.False(t, safe.NoInitialState)
	unsafe := checkSrc(t, replaceLine(src, "const ", "const Max = 2"), 100)
	require.Equal(t, translate.Unsafe, unsafe.Verdict)
	require.NotNil(t, unsafe.Witness)
	require.Len(t, unsafe.Trace.Steps, 2)
}
