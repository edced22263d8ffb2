package memmodel_test

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/smt/z3"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// renamed is a model that neither engine knows by identity: it answers
// every rule as the model it wraps, under another name. If reach or dpor
// compared a model with memmodel.TSO or memmodel.PSO instead of asking
// its rules, its outcomes would differ from the wrapped model's.
type renamed struct {
	memmodel.Model
	name string
}

func (r renamed) Name() string { return r.name }

// TestBoundaryLitmus runs the litmus examples through both engines (the
// parameterized search, the DPOR engine and the explicit oracle with two
// processes) under test-only copies of TSO and PSO, and checks each answer
// against the verdict the example's .want file gives the original model.
func TestBoundaryLitmus(t *testing.T) {
	paths, err := filepath.Glob("../examples/litmus/*.cub")
	require.NoError(t, err)
	ctx := context.Background()
	asked := 0
	for _, path := range paths {
		m, err := syntax.Load(path, syntax.CheckOptions{})
		require.NoError(t, err)
		sys, err := translate.Build(m)
		require.NoError(t, err)
		for _, q := range wantVerdicts(t, strings.TrimSuffix(path, ".cub")+".want") {
			orig, err := memmodel.ByName(q.model)
			require.NoError(t, err)
			if !orig.Buffered() || q.n > 2 {
				continue
			}
			mm := renamed{orig, "copy-of-" + q.model}
			var got []translate.Verdict
			switch q.engine {
			case "check":
				res, err := reach.Check(ctx, sys, reach.Options{Model: mm, NewSolver: func() smt.Solver { return z3.New() }, MaxNodes: 1000})
				require.NoError(t, err)
				got = append(got, res.Verdict)
			case "bounded":
				ex, err := dpor.Explicit(ctx, m, dpor.Options{N: q.n, Model: mm, MaxStates: 200_000})
				require.NoError(t, err)
				require.Equal(t, mm.Name(), ex.Model)
				gr, err := dpor.Check(ctx, m, dpor.Options{N: q.n, Model: mm, MaxSteps: 6})
				require.NoError(t, err)
				got = append(got, ex.Verdict, gr.Verdict)
			default:
				continue
			}
			for _, v := range got {
				asked++
				require.Equal(t, q.verdict, v.String(), "%s: %s under %s", filepath.Base(path), q.engine, mm.Name())
			}
		}
	}
	require.Len(t, paths, 13, "litmus examples")
	require.Equal(t, 66, asked, "answers compared")
}

type wantLine struct {
	engine, model, verdict string
	n                      int
}

// wantVerdicts reads the lines of a .want file (engine, model, n=N,
// verdict); other parameters are not used here.
func wantVerdicts(t *testing.T, path string) []wantLine {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []wantLine
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 3 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		w := wantLine{engine: fs[0], model: fs[1], verdict: strings.ToLower(fs[len(fs)-1])}
		for _, p := range fs[2 : len(fs)-1] {
			if v, ok := strings.CutPrefix(p, "n="); ok {
				w.n = int(v[0] - '0')
			}
		}
		out = append(out, w)
	}
	require.NoError(t, sc.Err())
	return out
}
