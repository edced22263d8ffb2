//go:build cgo

package reach

import (
	"context"
	"os"
	"testing"

	"github.com/cubew/cubew/translate"
)

// TestCanonicalRefutesAgrees replays the searches of plain corpus files
// and, for every popped node not included syntactically, checks that when
// canonicalRefutes finds the fixpoint query satisfiable the solver does
// too (the node is not covered). It pins how many queries the canonical
// model answers, out of those with a cube it could model (the queries of
// nodes not included syntactically).
// German's (about 20 s) runs with CUBEW_LONG_TESTS=1.
func TestCanonicalRefutesAgrees(t *testing.T) {
	type file struct {
		file         string
		quick, asked int
	}
	files := []file{
		{"cubicle/sense_barrier.cub", 40, 308},
		{"cubicle/bakery_lamport.cub", 18, 82}, // offsets
		{"cubicle/dekker.cub", 1, 5},
		{"cubicle/mutex.cub", 1, 5},
	}
	if os.Getenv("CUBEW_LONG_TESTS") != "" && !testing.Short() {
		files = append(files, file{"cubicle/german.cub", 546, 3348})
	}
	for _, tc := range files {
		t.Run(tc.file, func(t *testing.T) {
			in := loadPhases(t, tc.file, true)
			s := phaseSolvers[1].make()
			defer s.Close()
			w := in.worker(s)
			quick, asked := 0, 0
			in.replay(w, func(n *node, included bool, cands [][]translate.Literal) {
				if included {
					return
				}
				asked++
				if !w.e.canonicalRefutes(n.facts(), cands) {
					return
				}
				quick++
				covered, err := w.solverCovers(context.Background(), cands, n)
				if err != nil {
					t.Fatal(err)
				}
				if covered {
					t.Fatalf("node %d (%s): the canonical model falsifies its %d candidates, the solver finds it covered", n.id, n.cube.Key(), len(cands))
				}
			})
			t.Logf("%s: %d of %d queries answered by the canonical model", tc.file, quick, asked)
			if quick != tc.quick || asked != tc.asked {
				t.Errorf("%d of %d queries answered by the canonical model, want %d of %d", quick, asked, tc.quick, tc.asked)
			}
		})
	}
}
