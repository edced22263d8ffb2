package certify_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cubew/cubew/certify"
	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/stretchr/testify/require"
)

// TestReadOfStepWriteCertified: in testdata/flag_turn.cub a waiting
// process may read Turn from the write of the step that leaves. The pso
// search covers that pre-image of leave by a cube where the read reads
// that write (reach's unsatAgree keeps a visited cube's unsatisfied read
// from standing for it), so the certificate's obligations of leave hold.
// Before, the search covered it by two cubes reading Turn = p and
// Turn <> p from before the state, and Z3 refuted 4 obligations of the
// 521 of that proof (leave's node_31, node_109, node_133, lower's
// node_89). leave's 88 obligations are re-checked by Z3 in every run; the
// whole certificate by both provers with CUBEW_CERTIFY_LARGE.
func TestReadOfStepWriteCertified(t *testing.T) {
	c := search(t, "testdata/flag_turn.cub", memmodel.PSO, reach.Options{})
	require.Len(t, c.Cubes, 87, "cubes of the proof (102 nodes visited, some deleted)")
	script := text(t, c)
	require.Len(t, certify.Obligations(script), 705)
	leave := certify.Only(script, func(o string) bool { return strings.HasPrefix(o, "transition leave: ") })
	out, err := certify.Z3(context.Background(), leave, z3Rlimit)
	require.NoError(t, err)
	require.Len(t, out, 88)
	require.Empty(t, failing(out), "Z3 confirms leave's obligations")
	if os.Getenv("CUBEW_CERTIFY_LARGE") == "" {
		return // 13 CPU-s of Z3, more of cvc5
	}
	ps := provers(t)
	outs, times := runAll(t, ps, script)
	for i, p := range ps {
		require.Len(t, outs[i], 705)
		require.Empty(t, failing(outs[i]), "%s confirms the proof", p.name)
		t.Logf("%s: 705 obligations unsat in %s", p.name, times[i].Round(1e6))
	}
}

// TestDekkerPSOCertified (CUBEW_CERTIFY_LARGE: about 400 CPU-s of Z3):
// dekker_2 under pso, whose certificate left 3 obligations of
// t_CS_L7_W_Turn_Other open before unsatAgree (node_205's pre-image where
// #1's read of Turn reads the step's write was covered by nodes 5 and 243,
// reading Turn = #1 and <> #1 from before the state). That pre-image is
// now node 340, the focus of node_205's obligation, and Z3 confirms all
// 10,345 obligations, each within z3Rlimit.
func TestDekkerPSOCertified(t *testing.T) {
	if os.Getenv("CUBEW_CERTIFY_LARGE") == "" {
		t.Skip("CUBEW_CERTIFY_LARGE=1: dekker_2 pso's certificate, 10,345 obligations")
	}
	dir, err := corpus.Dir()
	require.NoError(t, err)
	c := search(t, filepath.Join(dir, "cubicle-w/cubtso/dekker_2.cub"), memmodel.PSO, reach.Options{})
	script := text(t, c)
	require.Len(t, certify.Obligations(script), 10345)
	node205 := certify.Only(script, func(o string) bool { return o == "transition t_CS_L7_W_Turn_Other: node_205" })
	require.Contains(t, node205, "; of inv: dom, and below the instances of not node_5, node_340 that cover the pre-images")
	out, err := certify.Z3(context.Background(), script, z3Rlimit)
	require.NoError(t, err)
	require.Len(t, out, 10345)
	require.Empty(t, failing(out), "Z3 confirms dekker_2 pso's certificate")
}
