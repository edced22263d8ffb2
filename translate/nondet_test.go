package translate_test

import (
	"testing"

	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// nondetWeak has nondeterministic writes to a weak enumeration and to a
// weak process variable.
const nondetWeak = `
type val = Red | Green | Blue
array PC[proc] : bool
weak var X : val
weak var T : proc
init (p) { PC[p] = False && X = Red }
unsafe (p) { PC[p] = True && p @ X = Green }
transition t ([p] q) requires { PC[p] = False } { PC[p] := True; X := .; T := . }
`

// TestWeakNondetIsAWrite: `X := .` on a weak variable is a write event of
// some value, so the transition splits into one variant per value: 3
// colours times 3 processes (p, q, or a third parameter written) = 9,
// each writing X and T; none is left a nondeterministic assignment.
func TestWeakNondetIsAWrite(t *testing.T) {
	sys := buildModel(t, nondetWeak)
	require.Len(t, sys.Transitions, 9)
	colours := map[string]int{}
	params := map[int]int{}
	for _, tr := range sys.Transitions {
		require.Equal(t, "t", tr.Name)
		require.Empty(t, tr.Nondets)
		written := map[string]string{}
		for _, u := range tr.Updates {
			if u.Sym.Weak {
				written[u.Sym.Name] = u.Default.Key()
			}
		}
		require.Len(t, written, 2, "X and T are written")
		colours[written["X"]]++
		params[tr.NParams]++
	}
	require.Equal(t, map[string]int{"Red": 3, "Green": 3, "Blue": 3}, colours)
	require.Equal(t, map[int]int{2: 6, 3: 3}, params, "the variants writing a third process have a third parameter")
}

// TestWeakNondetUnsupportedType: a weak int has no finite set of values
// to split on; the assignment is an error at its position.
func TestWeakNondetUnsupportedType(t *testing.T) {
	m, err := syntax.ParseAndCheck("n.cub", []byte(`
array PC[proc] : bool
weak var X : int
init (p) { X = 0 }
unsafe (p) { p @ X = 1 }
transition t ([p]) { X := . }
`), syntax.CheckOptions{})
	require.NoError(t, err)
	_, err = translate.Build(m)
	require.ErrorContains(t, err, "n.cub:6:27: a nondeterministic value for weak variable X of type int is not supported")
}
