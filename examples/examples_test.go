// Package examples holds the models written for this project, each
// NAME.cub with its expected verdicts in NAME.want; this test checks every
// line of every .want file.
package examples_test

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strconv"
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

// question is one line of a .want file: engine, model, parameters, verdict.
type question struct {
	line    int
	engine  string
	model   string
	n, k    int
	verdict string
}

func readWant(t *testing.T, path string) []question {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []question
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		q := question{line: line, engine: fields[0], model: fields[1], verdict: strings.ToLower(fields[len(fields)-1])}
		for _, p := range fields[2 : len(fields)-1] {
			key, val, ok := strings.Cut(p, "=")
			require.True(t, ok, "%s:%d: parameter %q", path, line, p)
			v, err := strconv.Atoi(val)
			require.NoError(t, err, "%s:%d", path, line)
			switch key {
			case "n":
				q.n = v
			case "k":
				q.k = v
			default:
				t.Fatalf("%s:%d: unknown parameter %q", path, line, key)
			}
		}
		out = append(out, q)
	}
	require.NoError(t, sc.Err())
	return out
}

func model(t *testing.T, path string, sc bool) *syntax.Model {
	t.Helper()
	m, err := syntax.Load(path, syntax.CheckOptions{SC: sc})
	require.NoError(t, err)
	return m
}

// Count budgets of the questions: a search that visits more nodes, or a
// bounded run that finds more states, answers UNKNOWN and fails its line.
// The largest example needs 20 nodes and 10,544 states (logged with -v),
// so the answers do not depend on the machine's speed or load.
const (
	maxNodes  = 1_000
	maxStates = 200_000
)

// wantLines is the number of lines of all the .want files: every one is
// answered (update it with the .want files).
const wantLines = 121

// TestExamples answers every line of every .want file within the count
// budgets above and checks that none is left out.
func TestExamples(t *testing.T) {
	files, err := filepath.Glob("*.cub")
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 6)
	litmus, err := filepath.Glob("litmus/*.cub")
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(litmus), 10)
	files = append(files, litmus...)
	asked := 0
	for _, path := range files {
		t.Run(path, func(t *testing.T) {
			want := readWant(t, strings.TrimSuffix(path, ".cub")+".want")
			require.NotEmpty(t, want)
			for _, q := range want {
				asked++
				got := answer(context.Background(), t, path, q)
				require.Equal(t, q.verdict, got, "%s.want:%d: %s %s n=%d k=%d", strings.TrimSuffix(path, ".cub"), q.line, q.engine, q.model, q.n, q.k)
			}
		})
	}
	require.Equal(t, wantLines, asked, "lines of the .want files answered")
}

func answer(ctx context.Context, t *testing.T, path string, q question) string {
	mm, err := memmodel.ByName(q.model)
	require.NoError(t, err)
	switch q.engine {
	case "check":
		sys, err := translate.Build(model(t, path, q.model == "sc"))
		require.NoError(t, err)
		newSolver := func() smt.Solver { return z3.New() }
		res, err := reach.Check(ctx, sys, reach.Options{Model: mm, NewSolver: newSolver, MaxNodes: maxNodes})
		require.NoError(t, err)
		t.Logf("check %s: %s, %d nodes %s", q.model, res.Verdict, res.Stats.Nodes, res.Reason)
		if res.Verdict == translate.Unsafe && !sys.Model.Weak {
			s := newSolver()
			defer s.Close()
			_, err := reach.Replay(ctx, sys, res.Trace, s)
			require.NoError(t, err, "counterexample %s", res.Trace)
		}
		return res.Verdict.String()
	case "bounded":
		res, err := dpor.Explicit(ctx, model(t, path, q.model == "sc"), dpor.Options{N: q.n, Model: mm, MaxSteps: q.k, MaxStates: maxStates})
		require.NoError(t, err)
		t.Logf("bounded %s n=%d k=%d: %s, %d states %s", q.model, q.n, q.k, res.Verdict, res.States, res.Reason)
		return res.Verdict.String()
	}
	t.Fatalf("unknown engine %q", q.engine)
	return ""
}
