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
	out, err := z3.EvalSMTLIB2("(assert (> y 1))\n(check-sat)")
	require.ErrorContains(t, err, "unknown constant y")
	require.Contains(t, out, `(error "line 1 column 12: unknown constant y")`)
}
