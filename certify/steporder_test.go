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
	"github.com/cubew/cubew/reach"
	"github.com/stretchr/testify/require"
)

// TestStepOrderedCovers: two_phase_N's SAFE under pso comes from the
// step-ordered search (reach.OrderingSteps, decide's refinement), while
// check --certificate names the model checked (pso). The obligations of
// executeDecision against nodes 6, 8 and 16 must assume the cubes that
// cover the step-ordered pre-images (nodes 20, 35 and 60: the decision
// of the other process, whose read of Cstate comes first); with covers
// computed from the plain pso pre-images they assumed only the cube
// itself, and no prover proved them (session certs10: 1,066 of 1,069).
// Both provers prove the three; without the instance of the step-ordered
// cover Z3 does not (it saturates: unknown).
func TestStepOrderedCovers(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err)
	c := search(t, filepath.Join(dir, "cubicle-w/cubtso/two_phase_N.cub"), reach.OrderingSteps(memmodel.PSO), reach.Options{})
	c.Model = memmodel.PSO // as check --certificate passes it: the model checked, not the search's
	script := text(t, c)
	require.Len(t, certify.Obligations(script), 1069)
	covers := map[string]string{"node_6": "node_20", "node_8": "node_35", "node_16": "node_60"}
	hard := map[string]bool{}
	for v, cover := range covers {
		name := "transition executeDecision: " + v
		hard[name] = true
		focus := "of inv: dom, and below the instances of not " + v + ", " + cover + " that cover the pre-images"
		require.True(t, strings.Contains(certify.Only(script, func(o string) bool { return o == name }), focus), "%s assumes %s", name, focus)
	}
	focused := certify.Only(script, func(o string) bool { return hard[o] })
	ps := provers(t)
	outs, times := runAll(t, ps, focused)
	for i, p := range ps {
		require.Len(t, outs[i], len(hard))
		require.Empty(t, failing(outs[i]), "%s rejects the step-ordered obligations", p.name)
		t.Logf("%s: %d obligations unsat in %s", p.name, len(hard), times[i].Round(time.Millisecond))
	}

	coverInstance := regexp.MustCompile(`(?m)^\(assert \(not \(node_(20|35|60)_at [^\n]*\n`)
	bare := coverInstance.ReplaceAllString(focused, "")
	require.Len(t, coverInstance.FindAllString(focused, -1), len(hard), "one cover instance per obligation")
	out, err := certify.Z3(context.Background(), bare, 3_000_000)
	require.NoError(t, err)
	require.Len(t, out, len(hard))
	for _, o := range out {
		require.NotEqual(t, "unsat", o.Answer, "%s without the step-ordered cover", o.Obligation)
	}
}
