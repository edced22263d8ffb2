package z3_test

import (
	"strings"
	"testing"

	"github.com/cubew/cubew/smt/z3"
	"github.com/stretchr/testify/require"
)

func TestEvalSMTLIB2(t *testing.T) {
	out, err := z3.EvalSMTLIB2(`(declare-const x Int)
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
	// Z3 reports the bad command on its own line and goes on.
	out, err := z3.EvalSMTLIB2("(assert (> y 1))\n(check-sat)")
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 2)
	require.Contains(t, lines[0], "(error")
	require.Contains(t, lines[0], "unknown constant y")
}
