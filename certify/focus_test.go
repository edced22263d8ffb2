package certify_test

import (
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cubew/cubew/certify"
	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/memmodel"
	"github.com/stretchr/testify/require"
)

// TestFocusedObligations: dekker_simple_N's certificate under tso states
// all 27 of its transition-cube obligations (9 nodes since the dead-end
// reads lose their final marks, reach/owned.go) in the ground form (the instances of
// the covering cubes and of the step's laws); both provers prove the
// obligations that neither finished when each assumed the whole
// invariant (req against node 4 and node 10), and the same obligations
// without their instances (assuming nothing of the pre state but dom)
// are not proved (Z3, within a small rlimit): the instances are what
// proves them.
func TestFocusedObligations(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err)
	script := text(t, proveUnder(t, filepath.Join(dir, "cubicle-w/cubtso/dekker_simple_N.cub"), memmodel.TSO))
	require.Len(t, certify.Obligations(script), 41)
	require.Equal(t, 27, strings.Count(script, "; of inv: dom, and below the instances of not "), "transition-cube obligations in the ground form")
	require.Equal(t, 3+1, strings.Count(script, "(assert (inv pre."), "the ¬dom obligations of the 3 transitions and the unsafe group assume inv")
	hard := map[string]bool{"transition req: node_4": true, "transition req: node_10": true}
	focused := certify.Only(script, func(o string) bool { return hard[o] })
	ps := provers(t)
	outs, times := runAll(t, ps, focused)
	for i, p := range ps {
		require.Len(t, outs[i], len(hard))
		require.Empty(t, failing(outs[i]), "%s rejects the focused obligations", p.name)
		t.Logf("%s: %d obligations unsat in %s", p.name, len(hard), times[i].Round(time.Millisecond))
	}

	instance := regexp.MustCompile(`(?m)^\(assert \((not \(node_\d+_at|=> \(select post\.fut sk\.e\d+\) \(step_)[^\n]*\n`)
	bare := instance.ReplaceAllString(focused, "")
	require.Less(t, len(bare), len(focused))
	out, err := certify.Z3(context.Background(), bare, 1_000_000)
	require.NoError(t, err)
	for _, o := range out {
		if hard[o.Obligation] {
			require.NotEqual(t, "unsat", o.Answer, "%s without its instances", o.Obligation)
		}
	}
}
