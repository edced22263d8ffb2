package reach

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestIndexAgreesWithPlainMatching replays real searches' popped nodes
// against the visited nodes before them and checks that the index's
// filtered inclusion and candidates (signatures, event groups, narrowed
// images) answer exactly as matching every live visited node one by one:
// the same inclusion, the same candidates in the same order.
func TestIndexAgreesWithPlainMatching(t *testing.T) {
	dir, err := corpus.Dir()
	if err != nil {
		t.Skip(err)
	}
	cases := []struct {
		file     string
		model    memmodel.Model
		maxNodes int // the first nodes of the search suffice
	}{
		{"cubicle-w/cubtso/arbiter_v2_N.cub", memmodel.TSO, 200},
		{"cubicle-w/cubtso/two_phase_N.cub", memmodel.PSO, 300},
		{"cubicle/bakery_lamport.cub", memmodel.SC, 0},
	}
	for _, c := range cases {
		m, err := syntax.Load(filepath.Join(dir, c.file), syntax.CheckOptions{SC: c.model == memmodel.SC})
		require.NoError(t, err)
		sys, err := translate.Build(m)
		require.NoError(t, err)
		res, err := Check(context.Background(), sys, Options{Model: c.model, NewSolver: z3Solver, KeepGraph: true, AssumeInvariants: true, Workers: 1, MaxNodes: c.maxNodes})
		require.NoError(t, err)
		e := &engine{ctx: context.Background(), index: newVisitedIndex()}
		var visited []*node
		popped, included, withCands := 0, 0, 0
		for _, g := range res.Graph {
			n := g.node
			budget := matchBudget
			plainInc := false
			for _, v := range visited {
				if !v.deleted && v.cube.NVars <= n.cube.NVars && !plainInc {
					plainInc = e.newMatcher(n.facts(), &budget).includes(v.pattern())
				}
			}
			var plainCands [][]translate.Literal
			if !plainInc {
				budget = matchBudget
				pm := e.newMatcher(n.facts(), &budget)
				for _, v := range visited {
					if !v.deleted && v.cube.NVars <= n.cube.NVars {
						pm.match(v.pattern())
					}
				}
				plainCands = pm.cands
			}
			w := &worker{e: e, budget: matchBudget}
			inc, cands := w.includedIn(n)
			require.Equal(t, plainInc, inc, "%s: inclusion of popped node %d", c.file, popped)
			require.Equal(t, plainCands, cands, "%s: candidates of popped node %d", c.file, popped)
			popped++
			if inc {
				included++
			}
			if len(cands) > 0 {
				withCands++
			}
			if g.Status == Visited || g.Status == Deleted {
				e.index.add(n)
				visited = append(visited, n)
			}
		}
		t.Logf("%s: %d popped, %d included, %d with candidates", c.file, popped, included, withCands)
		require.Positive(t, included, "%s: inclusions were compared", c.file)
		require.Positive(t, withCands, "%s: the solver's candidates were compared", c.file)
	}
}
