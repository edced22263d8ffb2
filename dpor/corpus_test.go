package dpor

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// instance is one bounded run: n processes, at most k transitions per
// process (0: unbounded); slow runs (over 0.3 s) are skipped with -short.
type instance struct {
	n, k int
	slow bool
}

// Corpus limits. Every run stops at corpusMaxStates distinct states or
// corpusTimeout (verdict Unknown, logged); with these the whole corpus
// takes a few seconds.
const (
	corpusMaxStates = 250_000
	corpusTimeout   = 15 * time.Second
)

// defaultInstances are run for every file (n above number_procs skipped).
var defaultInstances = []instance{{2, 0, false}, {3, 0, false}}

// corpusInstances overrides the instances for files whose state space is
// infinite (ticket numbers, counters, clocks grow without bound): there a
// step bound keeps the exploration finite. The bounds are the largest that
// keep each run under about a second (arbiter_v3 at n=3, an exhaustive
// 218k-state run, takes longer).
var corpusInstances = map[string][]instance{
	"cubicle-w/cubtso/lamport_N.cub":          {{2, 12, false}, {3, 6, true}},
	"cubicle-w/cubtso/lamport_N_us.cub":       {{2, 12, false}, {3, 6, true}},
	"cubicle-w/cubtso/ticket_spin_lock_N.cub": {{2, 14, false}, {3, 6, false}},
	"cubicle-w/cubtso/chandy_misra.cub":       {{2, 14, false}, {3, 5, true}},
	"cubicle-w/cubtso/arbiter_v3_N.cub":       {{2, 0, false}, {3, 0, true}},
	"cubicle/bakery_lamport.cub":              {{2, 12, false}, {3, 6, true}},
	"cubicle/bakery_lamport_bogus.cub":        {{2, 12, false}, {3, 6, true}},
	"cubicle/sense_barrier.cub":               {{2, 14, false}, {3, 6, false}},
	"cubicle/ricart_agrawala.cub":             {{2, 8, false}, {3, 2, true}},
	"cubicle/german.cub":                      {{2, 0, false}, {3, 0, true}},
}

// loadCorpus parses and checks one corpus file under its memory model.
func loadCorpus(t testing.TB, dir string, e corpus.Entry) (*syntax.Model, memmodel.Model) {
	t.Helper()
	m, err := syntax.Load(filepath.Join(dir, e.File), syntax.CheckOptions{SC: e.Model == "sc"})
	require.NoError(t, err)
	mm, err := memmodel.ByName(e.Model)
	require.NoError(t, err)
	return m, mm
}

func corpusEntries(t testing.TB) (string, []corpus.Entry) {
	dir, err := corpus.Dir()
	if err != nil {
		t.Skipf("no corpus: %v", err)
	}
	es, err := corpus.Expected(dir)
	require.NoError(t, err)
	return dir, es
}

// TestCorpus runs the explicit engine on small instances of every corpus
// file with a reference verdict: an unsafe file must show an unsafe state
// in one of its instances, a safe one in none (a bounded exploration of a
// safe system can never be unsafe). Files without a reference verdict are
// run too, and their results only logged. -short skips slow instances.
func TestCorpus(t *testing.T) {
	dir, es := corpusEntries(t)
	for _, e := range es {
		t.Run(e.File, func(t *testing.T) {
			if e.Expected == "?" && testing.Short() {
				t.Skip("no reference verdict; skipped with -short")
			}
			m, mm := loadCorpus(t, dir, e)
			insts := corpusInstances[e.File]
			if insts == nil {
				insts = defaultInstances
			}
			foundUnsafe := false
			for _, in := range insts {
				if np := m.File.NumProcs; np != nil && in.n > np.N {
					continue
				}
				if in.slow && testing.Short() {
					continue
				}
				ctx, cancel := context.WithTimeout(context.Background(), corpusTimeout)
				start := time.Now()
				opts := Options{N: in.n, Model: mm, MaxSteps: in.k, MaxStates: corpusMaxStates}
				res, err := Explicit(ctx, m, opts)
				cancel()
				require.NoError(t, err)
				t.Logf("n=%d k=%d %s: %s, %d states, %.2fs %s", in.n, in.k, mm.Name(), res.Verdict,
					res.States, time.Since(start).Seconds(), res.Reason)
				if res.Verdict == translate.Unsafe {
					require.NotEqual(t, "safe", e.Expected, "unsafe state in a safe model; witness:\n%s", res.Witness)
					require.NoError(t, Replay(m, opts, res.Witness))
					foundUnsafe = true
				}
				if foundUnsafe {
					break
				}
			}
			if e.Expected == "unsafe" {
				require.True(t, foundUnsafe, "no instance of an unsafe model showed an unsafe state")
			}
		})
	}
}
