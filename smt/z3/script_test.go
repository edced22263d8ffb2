package z3_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/cubew/cubew/smt/z3"
	"github.com/stretchr/testify/require"
)

func TestEvalSMTLIB2(t *testing.T) {
	out, err := z3.EvalSMTLIB2(context.Background(), `(declare-const x Int)
(push 1)
(echo "first")
(assert (and (> x 1) (< x 0)))
(check-sat)
(pop 1)
(echo "second")
(assert (> x 1))
(check-sat)`)
	require.NoError(t, err)
	require.Equal(t, []string{"first", "unsat", "second", "sat"}, strings.Fields(out))
}

func TestEvalSMTLIB2Error(t *testing.T) {
	out, err := z3.EvalSMTLIB2(context.Background(), "(assert (> y 1))\n(check-sat)")
	require.ErrorContains(t, err, "unknown constant y")
	require.Contains(t, out, `(error "line 1 column 12: unknown constant y")`)
}

// TestEvalSMTLIB2Interrupted: a script stopped by its context returns the
// context's error; the pigeonhole problem below (13 pigeons, 12 holes)
// would keep Z3 busy far longer than any test, so the test ending at all
// shows Z3 was interrupted.
func TestEvalSMTLIB2Interrupted(t *testing.T) {
	const pigeons, holes = 13, 12
	var b strings.Builder
	for p := range pigeons {
		var some []string
		for h := range holes {
			fmt.Fprintf(&b, "(declare-const p%d_%d Bool)\n", p, h)
			some = append(some, fmt.Sprintf("p%d_%d", p, h))
		}
		fmt.Fprintf(&b, "(assert (or %s))\n", strings.Join(some, " "))
	}
	for h := range holes {
		for p := range pigeons {
			for q := p + 1; q < pigeons; q++ {
				fmt.Fprintf(&b, "(assert (not (and p%d_%d p%d_%d)))\n", p, h, q, h)
			}
		}
	}
	b.WriteString("(check-sat)\n")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := z3.EvalSMTLIB2(ctx, b.String())
	require.ErrorIs(t, err, context.Canceled)
}
