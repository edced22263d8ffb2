package certify_test

import (
	"path/filepath"
	"regexp"
	"testing"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/stretchr/testify/require"
)

// TestAssumedInvariantStated: peterson_2b's user invariant (never three
// active processes) speaks of the constant array Active alone. Searched
// with it assumed, its certificate asserts it, once, as an assumption,
// and both provers confirm the 121 obligations; without that assertion
// Z3 refutes exactly init: invariant_1 (an initial state may have three
// active processes: the invariant is no lemma, it restricts the
// instance).
func TestAssumedInvariantStated(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err)
	c := search(t, filepath.Join(dir, "cubicle-w/cubtso/peterson_2b.cub"), memmodel.TSO, reach.Options{AssumeInvariants: true})
	script := text(t, c)
	assumption := regexp.MustCompile(`\(assert \(not \(invariant_1 [^()]*\)\)\)\n`)
	require.Len(t, assumption.FindAllString(script, -1), 1)
	require.Contains(t, script, "ASSUMED (--assume-invariants)")
	outs, _ := runAll(t, provers(t), script)
	for _, o := range outs {
		require.Len(t, o, 121)
		require.Empty(t, failing(o), "the certificate holds")
	}
	require.Equal(t, []string{"init: invariant_1: sat"}, z3Failing(t, assumption.ReplaceAllString(script, "")))
}
