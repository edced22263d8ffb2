package dpor

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/syntax"
)

// observe renders what a state shows: the value of every location that is
// not weak memory, and every process's view of every weak location (its
// newest buffered write, else memory).
func observe(p *program, st *state) string {
	var b strings.Builder
	for l, lc := range p.locs {
		if lc.sym.s.Weak && lc.sym.s.Class != syntax.SymConst {
			continue
		}
		b.WriteString(p.formatValue(st.vals[l]))
		b.WriteByte(' ')
	}
	for q := 1; q <= p.n; q++ {
		b.WriteString("|")
		for l, lc := range p.locs {
			if lc.sym.s.Weak && lc.sym.s.Class != syntax.SymConst {
				b.WriteString(p.formatValue(p.read(st, q, l)))
				b.WriteByte(' ')
			}
		}
	}
	return b.String()
}

// stateSets returns the observations of every reachable state according
// to the explicit engine and to the DPOR engine; it fails the test when the
// DPOR engine explores a graph twice.
func stateSets(t testing.TB, m *syntax.Model, opts Options) (explicit, graphs map[string]bool, ex, gr *Result) {
	t.Helper()
	explicit, graphs = map[string]bool{}, map[string]bool{}
	ex, err := explore(context.Background(), m, opts, func(p *program, st *state) { explicit[observe(p, st)] = true })
	require.NoError(t, err)
	seen := map[string]bool{}
	dups := 0
	gr, err = check(context.Background(), m, opts, hooks{
		state: func(p *program, st *state) { graphs[observe(p, st)] = true },
		graph: func(init int, g *graph, _ bool) {
			k := fmt.Sprint(init, string(g.key(nil, false)))
			if seen[k] {
				dups++
			}
			seen[k] = true
		}})
	require.NoError(t, err)
	require.Zero(t, dups, "graphs explored twice")
	return explicit, graphs, ex, gr
}

// requireSameStates fails with the observations one engine has and the
// other lacks.
func requireSameStates(t testing.TB, explicit, graphs map[string]bool, src string) {
	t.Helper()
	var missing, extra []string
	for k := range explicit {
		if !graphs[k] {
			missing = append(missing, k)
		}
	}
	for k := range graphs {
		if !explicit[k] {
			extra = append(extra, k)
		}
	}
	slices.Sort(missing)
	slices.Sort(extra)
	if len(missing) > 0 || len(extra) > 0 {
		t.Fatalf("states differ: %d found only by the explicit engine %q, %d only by dpor %q\n%s",
			len(missing), head(missing), len(extra), head(extra), src)
	}
}

func head(s []string) []string {
	if len(s) > 5 {
		return s[:5]
	}
	return s
}

// TestCheckStatesLitmus compares the reachable states of the two engines
// on the counted litmus programs.
func TestCheckStatesLitmus(t *testing.T) {
	for _, tc := range countTests {
		src := tc.prog.src()
		m := load(t, src, false)
		for _, mm := range models {
			t.Run(tc.name+"/"+mm.Name(), func(t *testing.T) {
				opts := Options{N: len(tc.prog.threads), Model: mm, MaxSteps: tc.prog.steps()}
				e, g, _, _ := stateSets(t, m, opts)
				requireSameStates(t, e, g, src)
			})
		}
	}
}

// randomLitmus draws a small program: 2 to 4 threads of 1 to 3
// instructions over X, Y and Z (writes, reads, fences, locked updates,
// awaits, choices).
func randomLitmus(r *rand.Rand) litmus {
	pool := []string{"X=1", "X=2", "Y=1", "r1=X", "r2=Y", "r1=Y", "F", "X+=1", "Y+=1", "X=Y",
		"await X=1", "await Y=0", "X=1|r1=Y", "r2=X|Y=2", "X=1,Y=1", "r1=X,r2=Y", "Y=2,F",
		"await X=1,Y=1", "Z=1", "r2=Z", "await Z=0,r1=X", "X+=1|r1=Y", "F,r1=Y"}
	return drawThreads(r, pool, 3)
}

// drawThreads draws 2 to 1+maxExtra threads of 1 to 3 instructions from
// pool.
func drawThreads(r *rand.Rand, pool []string, maxExtra int) litmus {
	var l litmus
	for range 2 + r.IntN(maxExtra) {
		var th []string
		for range 1 + r.IntN(3) {
			th = append(th, pool[r.IntN(len(pool))])
		}
		l.threads = append(l.threads, th)
	}
	return l
}

// TestCheckStatesRandom compares the reachable states of the two engines
// on random litmus programs under SC, TSO and PSO (100 programs, 250 with
// long tests, 50 with -short), and checks that no execution graph is
// explored twice.
func TestCheckStatesRandom(t *testing.T) {
	n := 100
	switch {
	case testing.Short():
		n = 50
	case longTests():
		n = 250
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := range n {
		l := randomLitmus(r)
		src := l.src()
		m := load(t, src, false)
		for _, mm := range models {
			t.Run(fmt.Sprintf("%d/%s", i, mm.Name()), func(t *testing.T) {
				opts := Options{N: len(l.threads), Model: mm, MaxSteps: l.steps()}
				e, g, _, _ := stateSets(t, m, opts)
				requireSameStates(t, e, g, src)
			})
		}
	}
}
