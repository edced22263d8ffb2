package dpor

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/translate"
)

// TestCorpusModels runs every corpus file (checked under its own rules) at
// n=2 with 4 steps per process under SC, TSO and PSO. Nothing may fail,
// and the models must be ordered: every SC execution is a TSO execution
// (flush right after each transition) and every TSO execution a PSO one,
// so an unsafe state under SC is reachable under TSO, and under TSO
// reachable under PSO. Without weak declarations the three runs are the
// same. flash (59,524 states at 4 steps) runs with
// modelsFlashSteps.
// modelsFlashSteps is the steps bound of TestCorpusModels on flash.
const modelsFlashSteps = 1

func TestCorpusModels(t *testing.T) {
	dir, es := corpusEntries(t)
	models := []memmodel.Model{memmodel.SC, memmodel.TSO, memmodel.PSO}
	for _, e := range es {
		t.Run(e.File, func(t *testing.T) {
			m, _ := loadCorpus(t, dir, e)
			var res []*Result
			k := 4
			if e.File == "cubicle/flash.cub" {
				k = modelsFlashSteps
			}
			for _, mm := range models {
				opts := Options{N: 2, Model: mm, MaxSteps: k, MaxStates: 100_000}
				r, err := Explicit(context.Background(), m, opts)
				require.NoError(t, err)
				if r.Verdict == translate.Unsafe {
					require.NoError(t, Replay(m, opts, r.Witness))
				}
				res = append(res, r)
			}
			t.Logf("sc %s (%d), tso %s (%d), pso %s (%d)", res[0].Verdict, res[0].States,
				res[1].Verdict, res[1].States, res[2].Verdict, res[2].States)
			for i := 0; i+1 < len(res); i++ {
				if res[i].Verdict == translate.Unsafe {
					require.NotEqual(t, translate.Safe, res[i+1].Verdict, "%s unsafe but %s safe", models[i].Name(), models[i+1].Name())
					// BFS finds a shortest witness; a weaker model has at
					// least the same executions.
					require.LessOrEqual(t, len(res[i+1].Witness.Steps), len(res[i].Witness.Steps))
				}
			}
			if !m.Weak {
				for _, r := range res[1:] {
					require.Equal(t, countsOf(res[0]), countsOf(r))
					require.Equal(t, res[0].Verdict, r.Verdict)
				}
			}
		})
	}
}
