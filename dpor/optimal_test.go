package dpor

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// explored runs the DPOR engine and returns the key of every graph it
// explored, with how many times each was explored.
func explored(t testing.TB, src string, opts Options) (map[string]int, *Result) {
	t.Helper()
	m := load(t, src, false)
	seen := map[string]int{}
	res, err := check(context.Background(), m, opts, hooks{graph: func(init int, g *graph, _ bool) {
		seen[fmt.Sprint(init, string(g.key(nil, false)))]++
	}})
	require.NoError(t, err)
	return seen, res
}

// straightLine draws a program without choices or awaits: every thread
// runs a fixed sequence of steps, so its execution graphs are its
// consistent choices of rf and co, which bruteForce enumerates.
func straightLine(r *rand.Rand) litmus {
	pool := []string{"X=1", "X=2", "Y=1", "r1=X", "r2=Y", "F", "X+=1", "Y+=1", "X=Y",
		"X=1,Y=1", "r1=X,r2=Y", "Y=2,F", "F,r1=Y", "X+=1,r2=Y"}
	return drawThreads(r, pool, 2)
}

// bruteForce counts the consistent graphs of a straight-line program by
// enumerating every rf choice of every read and every coherence order of
// every location, and checking each whole graph.
func bruteForce(t testing.TB, l litmus, opts Options) int {
	t.Helper()
	m := load(t, l.src(), false)
	gp, err := compileGraph(m, opts.N, opts.MaxSteps, opts.Model)
	require.NoError(t, err)
	g := newGraph(gp.threads, len(gp.locs), gp.k)
	writers := map[int32][]ref{} // location -> the steps writing it
	var reads []*gread
	for q := 1; q <= opts.N; q++ {
		for k := range l.threads[q-1] {
			var in *inst
			for i := range gp.insts[q] {
				if gp.insts[q][i].t.t.Name == fmt.Sprintf("t%d_%d_0", q, k) {
					in = &gp.insts[q][i]
				}
			}
			require.NotNil(t, in)
			s := step{rset: in.rset, fence: in.fence, locked: in.locked, opt: 0, wdone: true}
			for _, l := range in.rset {
				s.reads = append(s.reads, gread{loc: l})
			}
			for _, a := range in.t.actions {
				if gp.memSym(a.sym) {
					s.writes = append(s.writes, gwrite{loc: int32(a.sym.base)})
				}
			}
			g.th[q] = append(g.th[q], s)
		}
	}
	for q, ss := range g.th {
		for i := range ss {
			for k := range ss[i].reads {
				reads = append(reads, &ss[i].reads[k])
			}
			for _, w := range ss[i].writes {
				writers[w.loc] = append(writers[w.loc], mkref(q, i))
			}
		}
	}
	var locs []int32
	for l := range writers {
		locs = append(locs, l)
	}
	var all []ref
	for q, ss := range g.th {
		for i := range ss {
			all = append(all, mkref(q, i))
		}
	}
	size := 1
	for _, rd := range reads {
		size *= 1 + len(writers[rd.loc])
	}
	for _, ws := range writers {
		for k := 2; k <= len(ws); k++ {
			size *= k
		}
	}
	if size > 20000 {
		return -1 // too many candidates
	}
	chk := newChecker(gp)
	count := 0
	var coRec func(li int)
	coRec = func(li int) {
		if li == len(locs) {
			if chk.consistent(g, all...) {
				count++
			}
			return
		}
		permute(writers[locs[li]], func(p []ref) {
			g.co[locs[li]] = p
			coRec(li + 1)
		})
		g.co[locs[li]] = nil
	}
	var rfRec func(ri int)
	rfRec = func(ri int) {
		if ri == len(reads) {
			coRec(0)
			return
		}
		for _, w := range append([]ref{refInit}, writers[reads[ri].loc]...) {
			reads[ri].rf = w
			rfRec(ri + 1)
		}
	}
	rfRec(0)
	return count
}

// permute calls fn with every permutation of xs (a fresh slice each time).
func permute(xs []ref, fn func([]ref)) {
	if len(xs) <= 1 {
		fn(append([]ref(nil), xs...))
		return
	}
	for i := range xs {
		rest := append(append([]ref(nil), xs[:i]...), xs[i+1:]...)
		permute(rest, func(p []ref) { fn(append([]ref{xs[i]}, p...)) })
	}
}

// TestCheckBruteForce checks optimality on random straight-line programs:
// the engine explores exactly the consistent graphs that a brute-force
// enumeration finds, each once.
func TestCheckBruteForce(t *testing.T) {
	n := 150
	if testing.Short() {
		n = 30
	}
	r := rand.New(rand.NewPCG(5, 6))
	checked := 0
	defer func() { t.Logf("%d programs checked against the brute force", checked) }()
	for i := range n {
		l := straightLine(r)
		for _, mm := range models {
			opts := Options{N: len(l.threads), Model: mm, MaxSteps: l.steps()}
			want := bruteForce(t, l, opts)
			if want < 0 {
				continue
			}
			checked++
			seen, res := explored(t, l.src(), opts)
			require.Equal(t, want, res.Executions, "%d/%s %s", i, mm.Name(), strings.Join(threadsText(l), " || "))
			require.Equal(t, res.Executions, len(seen), "duplicates")
			require.Zero(t, res.Blocked)
		}
	}
}

func threadsText(l litmus) []string {
	var out []string
	for _, th := range l.threads {
		out = append(out, strings.Join(th, "; "))
	}
	return out
}
