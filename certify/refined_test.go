package certify_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cubew/cubew/certify"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/stretchr/testify/require"
)

// markedCubes counts the cubes of c with a marked read (the refined
// search's coherence obligations, translate.Event.Sourced).
func markedCubes(c *certify.Certificate) int {
	n := 0
	for _, v := range c.Cubes {
		for _, e := range v.Cube.Events {
			if e.Sourced {
				n++
				break
			}
		}
	}
	return n
}

// TestRefinedSearchCertified: the refined pso search's proof
// (reach.KeepingObligations, alone and composed with the step order as
// decide would run it) is certified with its marks stated: each marked
// read reads its source (rf.L), and the step whose write a later read
// reads says so. check --certificate passes the model checked (pso), so
// the certificate of that model must be the refined search's (its marks
// tell). Both provers confirm it; without the step's rf fact (a mark
// the step no longer justifies) Z3 refutes the obligations of the
// transition whose write the marked reads read.
func TestRefinedSearchCertified(t *testing.T) {
	const path = "testdata/refined_pso.cub"
	for _, tc := range []struct {
		name           string
		mm             memmodel.Model
		marked, rfEqns int
	}{
		{"obligations", reach.KeepingObligations(memmodel.PSO), 3, 3},
		{"step order and obligations", reach.OrderingSteps(reach.KeepingObligations(memmodel.PSO)), 3, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := search(t, path, tc.mm, reach.Options{})
			require.Equal(t, tc.marked, markedCubes(c), "cubes with a marked read")
			script := text(t, c)
			c.Model = memmodel.PSO // as check --certificate passes it
			require.Equal(t, script, text(t, c), "the marks name the refined search")
			require.Len(t, certify.Obligations(script), 41)
			marks := regexp.MustCompile(`\(= \(rf\.\w+ e\d+[^()]*\) e\d+\)`).FindAllString(script, -1)
			require.Len(t, marks, tc.rfEqns, "marked reads stated with their sources")

			ps := provers(t)
			outs, times := runAll(t, ps, script)
			for i, p := range ps {
				require.Len(t, outs[i], 41)
				require.Empty(t, failing(outs[i]), "%s confirms the refined proof", p.name)
				t.Logf("%s: 41 obligations unsat in %s", p.name, times[i].Round(time.Millisecond))
			}

			stepRF := regexp.MustCompile(` \(= \(rf\.\w+ f[^()]*\) new\.[xw]\)`)
			require.NotEmpty(t, stepRF.FindAllString(script, -1), "the steps say which write a later read reads")
			out, err := certify.Z3(context.Background(), stepRF.ReplaceAllString(script, ""), 1_000_000)
			require.NoError(t, err)
			var refuted []string
			for _, o := range out {
				if !o.Holds() {
					require.Equal(t, "sat", o.Answer, o.Obligation)
					refuted = append(refuted, o.Obligation)
				}
			}
			require.Equal(t, []string{"transition t2: node_1", "transition t2: node_7", "transition t2: node_18", "transition t2: node_19"}, refuted,
				"without the step's rf fact, the obligations of t2 (whose write of X1 the marked reads read) fail")
		})
	}
}

// TestPlainSearchCertificateUnchanged: a proof without marks under pso
// states no reads-from (the refined search's facts are written only for
// its proofs).
func TestPlainSearchCertificateUnchanged(t *testing.T) {
	c := search(t, "testdata/refined_pso.cub", reach.OrderingSteps(memmodel.PSO), reach.Options{})
	require.Zero(t, markedCubes(c))
	script := text(t, c)
	require.NotContains(t, script, "rf.")
	require.True(t, strings.Contains(script, "ghb is the order in time"), "pso, writes out of program order")
}
