package dpor

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/translate"
)

// TestAbstractInitUpToRenaming checks that free values of an abstract type
// are enumerated up to renaming: three values that the unsafe item
// compares give the Bell number B(3) = 5 patterns of equal and different
// values, in both engines, and the verdict is definite.
func TestAbstractInitUpToRenaming(t *testing.T) {
	m := load(t, `
type data
type loc = A | B
array PC[proc] : loc
var X : data
var Y : data
var Z : data
init (p) { PC[p] = A }
unsafe () { X = Y && Y = Z && X <> Z }
transition step ([p]) requires { PC[p] = A } { PC[p] := B }
`, false)
	res := run(t, m, Options{N: 1})
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	require.Equal(t, 5, res.Initial)
	require.Equal(t, 10, res.States, "5 patterns, PC A or B")
	gr := runCheck(t, m, Options{N: 1, MaxSteps: 1})
	require.Equal(t, translate.Safe, gr.Verdict, gr.Reason)
	require.Equal(t, 5, gr.Initial)
	require.Equal(t, 5, gr.Executions)
}

// cacheSrc copies a memory value of an abstract type into caches; with
// fresh it also overwrites the memory with any value.
const cacheSrc = `
type data
type loc = Idle | Done
array PC[proc] : loc
array Cache[proc] : data
var Mem : data
init (p) { PC[p] = Idle && Cache[p] = Mem }
unsafe (p) { Cache[p] <> Mem }
transition copy ([p]) requires { PC[p] = Idle } { PC[p] := Done; Cache[p] := Mem }
`

// TestAbstractDomain checks models over an abstract type that init
// constrains (once refused as depending on an unconstrained value): one
// initial state up to renaming; caches that only copy the memory never
// differ from it (SAFE); a memory overwritten with any value makes them
// differ (UNSAFE, found by the explicit engine, which picks the values
// held plus one fresh one, and by Auto).
func TestAbstractDomain(t *testing.T) {
	m := load(t, cacheSrc, false)
	res := run(t, m, Options{N: 3})
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	require.Equal(t, 1, res.Initial)
	require.Equal(t, 8, res.States, "2^3 program counters")
	gr := runCheck(t, m, Options{N: 3, MaxSteps: 1})
	require.Equal(t, translate.Safe, gr.Verdict, gr.Reason)
	require.Equal(t, 1, gr.Executions)

	fresh := load(t, cacheSrc+"transition write ([p]) requires { PC[p] = Done } { Mem := . }\n", false)
	res = run(t, fresh, Options{N: 2})
	require.Equal(t, translate.Unsafe, res.Verdict, res.Reason)
	require.NoError(t, Replay(fresh, Options{N: 2}, res.Witness))
	auto, err := Auto(context.Background(), fresh, Options{N: 2}, 2)
	require.NoError(t, err)
	require.Equal(t, translate.Unsafe, auto.Verdict, auto.Reason)
	require.Equal(t, EngineExplicit, auto.Engine, auto.Choice)
}

// TestAbstractFreshWhenAllHeld checks `X := .` while every location of the
// abstract type holds a different value: the domain has one value more
// than locations, so the fresh value exists and the explicit engine is
// exact (it once answered UNKNOWN, "every value … is in use"). D <> E
// initially; change gives D a held value (E's, then back may fire, or its
// own) or a fresh one; back fires only on D = E. The unsafe item is
// unreachable: SAFE over the 8 states (S of both processes, D = E or not;
// all reachable). Firings counted by hand: change tries 3 values where
// D <> E and 2 where D = E (E's and a fresh one), once per idle process:
// both idle 2·3 + 2·2, one of them done (twice) 3 + 2 each, both done 0;
// back once per done process where D = E: 1 + 1 + 2. Total 20 + 4 = 24.
func TestAbstractFreshWhenAllHeld(t *testing.T) {
	m := load(t, `
type data
type st = Idle | Done
var D : data
var E : data
array S[proc] : st
init (p) { S[p] = Idle && D <> E }
transition change (p) requires { S[p] = Idle } { D := . ; S[p] := Done }
transition back (p) requires { S[p] = Done && D = E } { S[p] := Idle }
unsafe (p q) { S[p] = Done && S[q] = Done && E <> E }
`, false)
	res := run(t, m, Options{N: 2})
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	require.Equal(t, 1, res.Initial)
	require.Equal(t, 8, res.States)
	require.Equal(t, 24, res.Transitions)
}
