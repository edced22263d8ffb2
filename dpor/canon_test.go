package dpor

import (
	"context"
	"encoding/binary"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/translate"
)

// TestPermutedKey checks permutedKey against the key of the permuted
// copy (renamedKey of permute) on every reachable state of a model with
// process values, an abstract type and step counters, at 3 processes,
// under each of the 6 permutations, and again with the first location
// holding the symbolic value of another (a free initial value, which a
// permutation moves with its location): 2 × 6 keys per state.
func TestPermutedKey(t *testing.T) {
	const src = `
type data
type loc = Idle | Want | Owns
var Owner : proc
var Val : data
array PC[proc] : loc
array Seen[proc] : data
array Next[proc] : proc
init (p) { PC[p] = Idle }
unsafe (p q) { PC[p] = Owns && PC[q] = Owns }
transition want ([p] q) requires { PC[p] = Idle } { PC[p] := Want; Next[p] := q; Seen[p] := Val }
transition take ([p]) requires { PC[p] = Want && Owner = p } { PC[p] := Owns; Val := . }
transition pass ([p]) requires { PC[p] = Owns } { PC[p] := Idle; Owner := Next[p] }
`
	m := load(t, src, true)
	var p *program
	var states []*state
	res, err := Reachable(context.Background(), m, Options{N: 3, Model: memmodel.SC, MaxSteps: 2}, func(s State) {
		p = s.p
		states = append(states, s.st)
	})
	require.NoError(t, err)
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	require.Greater(t, len(states), 100)
	keys := 0
	for _, st := range states {
		free := st.clone()
		free.vals[0] = freeValue(len(free.vals) - 1)
		for _, s := range []*state{st, free} {
			translate.Permute([]int{1, 2, 3}, 0, func(order []int) {
				perm := append([]int{0}, order...)
				want := p.renamedKey(p.permute(s, perm, &state{}), nil)
				require.Equal(t, want, p.permutedKey(s, perm, nil), "permutation %v", perm)
				keys++
			})
		}
	}
	require.Equal(t, 12*len(states), keys)
}

// TestAppendValue checks the one-byte shortcut of appendValue against
// the kind byte followed by binary.AppendVarint, around the boundaries of
// one byte (-64..63) and at the extremes: 263 numbers.
func TestAppendValue(t *testing.T) {
	ns := []int64{math.MinInt64, math.MinInt64 + 1, -1 << 40, 1 << 40, math.MaxInt64 - 1, math.MaxInt64}
	for n := int64(-128); n <= 128; n++ {
		ns = append(ns, n)
	}
	for _, n := range ns {
		v := value{K: kInt, N: n}
		require.Equal(t, binary.AppendVarint([]byte{byte(kInt)}, n), appendValue(nil, v), "%d", n)
	}
	require.Len(t, ns, 263)
}
