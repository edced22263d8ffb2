//go:build cgo

package reach

import (
	"fmt"
	"slices"
	"testing"
)

// TestAltMemoAgrees computes the pre-images of every visited node of
// sense_barrier (plain) and lamport_N (weak) by every transition with one
// memo of literal alternatives shared by all of them, and checks that they
// are those computed without a memo: same cubes, parameters and variable
// maps, in the same order. It also checks that the memo was used.
func TestAltMemoAgrees(t *testing.T) {
	checkAltMemo(t, "cubicle-w/cubtso/lamport_N.cub", false)
	checkAltMemo(t, "cubicle/sense_barrier.cub", true)
}

func checkAltMemo(t *testing.T, file string, sc bool) {
	in := loadPhases(t, file, sc)
	owned := ownedArrays(in.sys)
	var memo altMemo
	pres := 0
	for _, n := range in.visited {
		for _, tr := range in.sys.Transitions {
			want, err := preImages(n.cube, tr, in.sys.NumProcs, in.mm, owned, nil)
			if err != nil {
				t.Fatal(err)
			}
			got, err := preImages(n.cube, tr, in.sys.NumProcs, in.mm, owned, &memo)
			if err != nil {
				t.Fatal(err)
			}
			if a, b := preText(got), preText(want); !slices.Equal(a, b) {
				t.Fatalf("%s: node %d by %s: with the memo\n%v\nwithout\n%v", file, n.id, tr.Name, a, b)
			}
			pres += len(want)
		}
	}
	if len(memo.alts) == 0 || pres == 0 {
		t.Fatalf("%s: %d pre-images, %d memoized literals", file, pres, len(memo.alts))
	}
	t.Logf("%s: %d nodes, %d pre-images agree, %d literals memoized", file, len(in.visited), pres, len(memo.alts))
}

// preText describes pre-images: cube, parameters, variable map, events.
func preText(ps []pre) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = fmt.Sprintf("%s %v %v %v", p.cube.Key(), p.args, p.from, p.events)
	}
	return out
}
