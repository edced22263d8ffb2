package dpor

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// runCheck runs the DPOR engine and fails the test on an error.
func runCheck(t testing.TB, m *syntax.Model, opts Options) *Result {
	t.Helper()
	res, err := Check(context.Background(), m, opts)
	require.NoError(t, err)
	return res
}

var models = []memmodel.Model{memmodel.SC, memmodel.TSO, memmodel.PSO}

// Litmus programs whose consistent executions are counted by hand (the
// coherence order is enumerated; the counts agree with an independent
// GenMC-style checker run on these tests: sb 3/4, iriw 15, wrc 7, rwc 7/8,
// corr 3).
var countTests = []struct {
	name         string
	prog         litmus
	sc, tso, pso int
}{
	// Each read reads 0 or 1; both 0 needs write->read reordering.
	{"sb", litmus{threads: [][]string{{"X=1", "r1=Y"}, {"Y=1", "r1=X"}}}, 3, 4, 4},
	{"sb+fences", litmus{threads: [][]string{{"X=1", "F", "r1=Y"}, {"Y=1", "F", "r1=X"}}}, 3, 3, 3},
	// Flag seen, data not: write->write reordering (PSO only).
	{"mp", litmus{threads: [][]string{{"X=1", "Y=1"}, {"r1=Y", "r2=X"}}}, 3, 3, 4},
	{"mp+fence", litmus{threads: [][]string{{"X=1", "F", "Y=1"}, {"r1=Y", "r2=X"}}}, 3, 3, 3},
	// The readers disagree on the order of independent writes: 16 - 1.
	{"iriw", litmus{threads: [][]string{{"X=1"}, {"Y=1"}, {"r1=X", "r2=Y"}, {"r1=Y", "r2=X"}}}, 15, 15, 15},
	{"wrc", litmus{threads: [][]string{{"X=1"}, {"r1=X", "Y=1"}, {"r1=Y", "r2=X"}}}, 7, 7, 7},
	{"rwc", litmus{threads: [][]string{{"X=1"}, {"r1=X", "r2=Y"}, {"Y=1", "r1=X"}}}, 7, 8, 8},
	// Coherence of two reads of one location: (1, 0) is forbidden.
	{"corr", litmus{threads: [][]string{{"X=1"}, {"r1=X", "r2=X"}}}, 3, 3, 3},
	// Two writes of one location: co has 2 orders; the reader reads one of 3 writes.
	{"2w1r", litmus{threads: [][]string{{"X=1"}, {"X=2"}, {"r1=X"}}}, 6, 6, 6},
	// Locked increments: one execution per order, 3! = 6.
	{"inc3", litmus{threads: [][]string{{"X+=1"}, {"X+=1"}, {"X+=1"}}}, 6, 6, 6},
}

func TestCheckCounts(t *testing.T) {
	for _, tc := range countTests {
		m := load(t, tc.prog.src(), false)
		for i, want := range []int{tc.sc, tc.tso, tc.pso} {
			mm := models[i]
			t.Run(tc.name+"/"+mm.Name(), func(t *testing.T) {
				res := runCheck(t, m, Options{N: len(tc.prog.threads), Model: mm, MaxSteps: tc.prog.steps()})
				require.Equal(t, translate.Safe, res.Verdict, res.Reason)
				require.Equal(t, want, res.Executions, "executions")
				require.Zero(t, res.Blocked, "blocked executions")
			})
		}
	}
}

// nw1rSrc has n writers of X (processes 2..n+1, each writing its own
// number) and one reader (process 1).
const nw1rSrc = `
number_procs %d
type loc = A | B
array PC[proc] : loc
array R[proc] : proc
weak var X : proc
init (p) { PC[p] = A && R[p] = #1 && X = #1 }
unsafe (p) { PC[p] = A && PC[p] = B }
transition write ([p]) requires { p <> #1 && PC[p] = A } { PC[p] := B; X := p }
transition read ([p]) requires { p = #1 && PC[p] = A } { PC[p] := B; R[p] := X }
`

// incSrc has every process increment X once, atomically.
const incNSrc = `
type loc = A | B
array PC[proc] : loc
weak var X : int
init (p) { PC[p] = A && X = 0 }
unsafe (p) { PC[p] = A && PC[p] = B }
transition inc ([p]) requires { PC[p] = A } { PC[p] := B; X := X + 1 }
`

// TestCheckOptimal checks counts that grow with the number of processes:
// the GenMC paper's n writers and one reader has n!·(n+1) executions with
// the coherence order enumerated (n! orders, n+1 writes to read), and n
// atomic increments have n! executions (one per order).
func TestCheckOptimal(t *testing.T) {
	fact := func(n int) int {
		f := 1
		for k := 2; k <= n; k++ {
			f *= k
		}
		return f
	}
	inc := load(t, incNSrc, false)
	for _, mm := range models {
		for n := 1; n <= 4; n++ {
			nw1r := load(t, fmt.Sprintf(nw1rSrc, n+1), false)
			if n == 4 && testing.Short() {
				continue
			}
			t.Run(fmt.Sprintf("nw1r/%s/n=%d", mm.Name(), n), func(t *testing.T) {
				res := runCheck(t, nw1r, Options{N: n + 1, Model: mm, MaxSteps: 1})
				require.Equal(t, fact(n)*(n+1), res.Executions)
				require.Zero(t, res.Blocked)
			})
			t.Run(fmt.Sprintf("inc/%s/n=%d", mm.Name(), n), func(t *testing.T) {
				res := runCheck(t, inc, Options{N: n, Model: mm, MaxSteps: 1})
				require.Equal(t, fact(n), res.Executions)
				require.Zero(t, res.Blocked)
			})
		}
	}
}
