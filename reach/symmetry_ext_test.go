package reach_test

import (
	"context"
	"fmt"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/translate"
	"path/filepath"
	"testing"

	"github.com/cubew/cubew/difftest"
	"github.com/cubew/cubew/internal/corpus"
	"github.com/stretchr/testify/require"
)

// TestSymmetricMutantsAgree compares the engines (package difftest) on
// the mutants of peterson_two_proc, the corpus file whose transitions
// mirror each other under #1 <-> #2: a mutant that breaks the mirror must
// lose the symmetry, one that keeps it may use it, and neither may answer
// differently from the operational oracle.
func TestSymmetricMutantsAgree(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err)
	const file = "cubicle/peterson_two_proc.cub"
	cases, _, err := difftest.MutantCases(filepath.Join(dir, file), file)
	require.NoError(t, err)
	var tally difftest.Tally
	for _, c := range cases {
		o := difftest.Run(context.Background(), c, difftest.MutantBudget)
		tally.Add(o.Class)
		if o.Class.Disagreement() {
			t.Errorf("%s", o.Report())
		}
	}
	t.Logf("%d mutants: %s", len(cases), &tally)
	require.Equal(t, len(cases), tally.Compared())
}

// symmetricSB is store buffering over one weak array, each process
// writing its own cell and reading the other's: the transitions mirror
// each other under #1 <-> #2. %s and %s are the guards' extra parts of
// the reads of #1 and #2 (a fence, or nothing).
const symmetricSB = `number_procs 2
type pc = L1 | L2 | End
array PC[proc] : pc
array R[proc] : int
weak array F[proc] : int
init (p) { PC[p] = L1 && F[p] = 0 }
unsafe (p q) { p = #1 && q = #2 && PC[p] = End && PC[q] = End && R[p] = 0 && R[q] = 0 }
transition w1 ([p]) requires { p = #1 && PC[p] = L1 } { PC[p] := L2; F[p] := 1 }
transition r1 ([p] q) requires { p = #1 && q = #2 && PC[p] = L2 %s } { PC[p] := End; R[p] := F[q] }
transition w2 ([p]) requires { p = #2 && PC[p] = L1 } { PC[p] := L2; F[p] := 1 }
transition r2 ([p] q) requires { p = #2 && q = #1 && PC[p] = L2 %s } { PC[p] := End; R[p] := F[q] }
`

// TestSymmetricWeakModelsAgree: store buffering with no fence, a fence
// in both processes (symmetric: the search may use #1 <-> #2) or in one
// (not symmetric) answers as the operational oracle does under SC and
// TSO: only the fully fenced model is SAFE under TSO, all are under SC;
// the fenced one takes 5 nodes under TSO (8 without the symmetry).
func TestSymmetricWeakModelsAgree(t *testing.T) {
	const fence = "&& fence()"
	cases := []struct {
		name    string
		src     string
		tsoSafe bool
	}{
		{"no fence", fmt.Sprintf(symmetricSB, "", ""), false},
		{"both fenced", fmt.Sprintf(symmetricSB, fence, fence), true},
		{"one fenced", fmt.Sprintf(symmetricSB, fence, ""), false},
	}
	ran := 0
	for _, c := range cases {
		for _, mm := range []memmodel.Model{memmodel.SC, memmodel.TSO} {
			o := difftest.Run(context.Background(), difftest.Case{Name: c.name, Src: c.src, Model: mm}, difftest.MutantBudget)
			want := difftest.ClassAgreeSafe
			if mm == memmodel.TSO && !c.tsoSafe {
				want = difftest.ClassAgreeUnsafe
			}
			require.Equal(t, want, o.Class, "%s under %s: %s", c.name, mm.Name(), o.Report())
			ran++
		}
	}
	require.Equal(t, 6, ran)
	// The fenced model under TSO: 5 nodes with the symmetry, 8 without.
	res, _ := checkSys(t, cases[1].src, false)
	require.Equal(t, translate.Safe, res.Verdict)
	require.Equal(t, 5, res.Stats.Nodes)
}
