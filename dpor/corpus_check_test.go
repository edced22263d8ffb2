package dpor

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// Size limits of the engine comparison on the corpus and the examples: a
// run that needs more than agreeMaxStates explicit states, or more than
// agreeMaxExecutions execution graphs, is too large. The instances that are
// too large are listed in notCompared; everything else must agree. No limit
// is a duration, so the outcome does not depend on the machine's load.
const (
	agreeMaxStates     = 20_000
	agreeMaxExecutions = 20_000
	// agreeSmallK is the steps bound of the comparisons where the explicit
	// engine does not finish unbounded (infinite state spaces), and of the
	// DPOR runs on models the explicit engine proves safe.
	agreeSmallK = 3
)

// agreeFile is a model to compare the engines on, with the rules it is
// checked under; assume trusts its invariant items
// (Options.AssumeInvariants).
type agreeFile struct {
	name   string
	m      *syntax.Model
	assume bool
}

// agreeFiles loads the corpus (each file under its own rules), which must
// be there, and the examples (weak rules). A corpus file with invariant
// items comes twice: with its invariants checked, and trusted (its name
// then ends in assumedSuffix).
func agreeFiles(t *testing.T) []agreeFile {
	var out []agreeFile
	dir, err := corpus.Dir()
	require.NoError(t, err, "the instances compared are pinned with the corpus")
	es, err := corpus.Expected(dir)
	require.NoError(t, err)
	for _, e := range es {
		m, _ := loadCorpus(t, dir, e)
		out = append(out, agreeFile{name: e.File, m: m})
		if len(m.Invariants) > 0 {
			out = append(out, agreeFile{name: e.File + assumedSuffix, m: m, assume: true})
		}
	}
	for _, pat := range []string{"../examples/*.cub", "../examples/litmus/*.cub"} {
		files, err := filepath.Glob(pat)
		require.NoError(t, err)
		for _, f := range files {
			src, err := os.ReadFile(f)
			require.NoError(t, err)
			out = append(out, agreeFile{name: f, m: load(t, string(src), false)})
		}
	}
	return out
}

// stepsPerProcess returns the largest number of transitions one thread
// (acting process, else first parameter, else thread 0) fires in a witness.
func stepsPerProcess(m *syntax.Model, w *Witness) int {
	count := map[int]int{}
	k := 0
	for _, s := range w.Steps {
		if s.Kind != StepTransition {
			continue
		}
		q := 0
		if len(s.Procs) > 0 {
			q = s.Procs[0]
		}
		for i, p := range m.Transitions[s.Index].Params {
			if p.Acting {
				q = s.Procs[i]
			}
		}
		count[q]++
		k = max(k, count[q])
	}
	return k
}

// TestCheckAgreesCorpus compares the DPOR engine with the explicit engine
// on every corpus file and example, at n = 2 (and 3 with long tests, which
// take minutes), under SC, TSO and PSO:
//
//   - when the explicit engine finishes without a steps bound, DPOR with
//     the steps bound its shortest witness needs (the most transitions one
//     process fires in it) finds the model unsafe too, or DPOR with a small
//     bound finds no unsafe state in a safe model;
//   - otherwise both engines run with the same small bound and agree;
//   - at n = 2 with 2 steps per process, both find the same reachable
//     states.
//
// An instance beyond the size limits above must be listed in notCompared
// with the reason it is not compared, and every listed one must be beyond
// them; the number of instances compared is pinned.
func TestCheckAgreesCorpus(t *testing.T) {
	files := agreeFiles(t)
	compared, statesCompared := 0, 0
	skipped := map[string]string{}
	long := 0
	for _, f := range files {
		if agreeLong[f.name] && !longTests() {
			long++
			continue
		}
		t.Run(f.name, func(t *testing.T) {
			for _, n := range []int{2, 3} {
				if f.m.NumProcs > 0 && n > f.m.NumProcs || n == 3 && !longTests() {
					continue
				}
				for _, mm := range models {
					key := fmt.Sprintf("%s n=%d %s", f.name, n, mm.Name())
					states, why := agreeOne(t, f, n, mm)
					if states {
						statesCompared++
					}
					if why != "" {
						skipped[key] = why
						break // the other models are as large
					}
					compared++
				}
			}
		})
	}
	t.Logf("%d instances compared, %d of them with their states at k=2", compared, statesCompared)
	if t.Failed() {
		return
	}
	want := map[string]string{}
	for k, why := range notCompared {
		if longTests() || strings.Contains(k, " n=2 ") && !agreeLong[strings.Fields(k)[0]] {
			want[k] = why
		}
	}
	require.Equal(t, want, skipped, "instances not compared")
	wantCompared, wantStates := agreeCompared, agreeStatesCompared
	if !longTests() {
		wantCompared, wantStates = agreeComparedShort, agreeStatesComparedShort
		require.Equal(t, len(agreeLong), long, "files left to long tests")
	}
	require.Equal(t, wantCompared, compared, "instances compared")
	require.Equal(t, wantStates, statesCompared, "instances whose states are compared at k=2")
}

// assumedSuffix ends the name of an agreeFile whose invariants are
// trusted.
const assumedSuffix = ":assumed"

// agreeLong lists the files TestCheckAgreesCorpus compares only with long
// tests (10 s or more each).
var agreeLong = map[string]bool{
	"cubicle/german.ctc.cub":            true,
	"cubicle-w/cubtso/chandy_misra.cub": true,
	"cubicle-w/cubtso/lamport_N.cub":    true,
}

// The numbers of instances TestCheckAgreesCorpus compares (n = 3 only
// with long tests, longTests), and of those whose reachable states it
// compares at k = 2.
const (
	agreeCompared       = 435
	agreeComparedShort  = 261
	agreeStatesCompared = 267
	// Without long tests: n = 2, and not the files of agreeLong.
	agreeStatesComparedShort = 261
)

// notCompared lists the instances (file, n, model) that
// TestCheckAgreesCorpus does not compare, with the reason (exact): the
// dpor engine does not run the model, or an engine reaches a size limit
// above. The other models of the same file and n are not tried either.
var notCompared = map[string]string{
	"../examples/msi_directory.cub n=3 sc":            "dpor: execution limit 20000 reached",
	"../examples/token_mutex.cub n=3 sc":              "dpor: execution limit 20000 reached",
	"cubicle-w/cubtso/chandy_misra.cub n=3 sc":        "dpor: execution limit 20000 reached",
	"cubicle-w/cubtso/moesi_N.cub n=3 sc":             "dpor: execution limit 20000 reached",
	"cubicle-w/cubtso/msi_N.cub n=3 sc":               "dpor: execution limit 20000 reached",
	"cubicle/bakery_lamport.cub:assumed n=2 sc":       "dpor does not run this model",
	"cubicle/bakery_lamport.cub:assumed n=3 sc":       "dpor does not run this model",
	"cubicle/bakery_lamport_bogus.cub:assumed n=2 sc": "dpor does not run this model",
	"cubicle/bakery_lamport_bogus.cub:assumed n=3 sc": "dpor does not run this model",
	"cubicle/berkeley.cub n=3 sc":                     "dpor: execution limit 20000 reached",
	"cubicle/dijkstra.cub n=3 sc":                     "dpor: execution limit 20000 reached",
	"cubicle/flash.cub n=2 sc":                        "dpor: execution limit 20000 reached",
	"cubicle/flash.cub n=3 sc":                        "explicit: state limit 20000 reached",
	"cubicle/flash_nodata.cub n=2 sc":                 "dpor: execution limit 20000 reached",
	"cubicle/flash_nodata.cub n=3 sc":                 "dpor: execution limit 20000 reached",
	"cubicle/futurebus.cub n=3 sc":                    "dpor: execution limit 20000 reached",
	"cubicle/german.cub n=3 sc":                       "dpor: execution limit 20000 reached",
	"cubicle/illinois.cub n=3 sc":                     "dpor: execution limit 20000 reached",
	"cubicle/mesi.cub n=3 sc":                         "dpor: execution limit 20000 reached",
	"cubicle/moesi.cub n=3 sc":                        "dpor: execution limit 20000 reached",
	"cubicle/ricart_agrawala.cub n=2 sc":              "explicit: under-approximation: guard of t1 depends on an unconstrained value",
	"cubicle/ricart_agrawala.cub n=3 sc":              "explicit: under-approximation: guard of t1 depends on an unconstrained value",
	"cubicle/synapse.cub n=3 sc":                      "dpor: execution limit 20000 reached",
	"cubicle/two-semaphores.cub n=3 sc":               "dpor: execution limit 20000 reached",
	"cubicle/xerox_dragon.cub n=3 sc":                 "dpor: execution limit 20000 reached",
}

// agreeOne compares the engines on one instance. It reports whether the
// reachable states at k = 2 were compared (n = 2, both engines within the
// limits), and why the instance is not compared ("" when it is).
func agreeOne(t *testing.T, f agreeFile, n int, mm memmodel.Model) (states bool, why string) {
	t.Helper()
	base := Options{N: n, Model: mm, AssumeInvariants: f.assume}
	if _, err := compileGraph(base.checked(f.m), n, 1, mm); err != nil {
		return false, "dpor does not run this model"
	}
	label := fmt.Sprintf("n=%d %s", n, mm.Name())
	ctx := context.Background() // bounded by the size limits, not by time
	if n == 2 {
		opts := base
		opts.MaxSteps, opts.MaxStates, opts.MaxExecutions = 2, agreeMaxStates, agreeMaxExecutions
		e, g, ex, gr := stateSets(t, f.m, opts)
		if ex.Verdict != translate.Unknown && gr.Verdict != translate.Unknown {
			states = true
			require.Equal(t, ex.Verdict, gr.Verdict, "%s k=2", label)
			if ex.Verdict == translate.Safe {
				requireSameStates(t, e, g, f.name)
			}
		}
	}
	eopts := base
	eopts.MaxStates = agreeMaxStates
	ex, err := Explicit(ctx, f.m, eopts)
	require.NoError(t, err)
	k := agreeSmallK
	switch ex.Verdict {
	case translate.Unsafe:
		k = max(1, stepsPerProcess(f.m, ex.Witness)) // 0 for an unsafe initial state
	case translate.Unknown:
		eopts.MaxSteps = k
		ex, err = Explicit(ctx, f.m, eopts)
		require.NoError(t, err)
	}
	if ex.Verdict == translate.Unknown {
		return states, "explicit: " + ex.Reason
	}
	gopts := base
	gopts.MaxSteps, gopts.MaxExecutions = k, agreeMaxExecutions
	gr, err := Check(ctx, f.m, gopts)
	require.NoError(t, err)
	t.Logf("%s k=%d: explicit %s %d states, dpor %s %d executions %d blocked %s", label, k,
		ex.Verdict, ex.States, gr.Verdict, gr.Executions, gr.Blocked, gr.Reason)
	if gr.Verdict == translate.Unknown {
		return states, "dpor: " + gr.Reason
	}
	require.Equal(t, ex.Verdict, gr.Verdict, "%s k=%d", label, k)
	if gr.Verdict == translate.Unsafe {
		require.NoError(t, Replay(f.m, base, gr.Witness), "dpor witness does not replay")
		require.Equal(t, ex.Violated, gr.Violated, "%s k=%d: the invariant violated", label, k)
	}
	return states, ""
}

// TestCheckCoversExplicit checks, on small weak models whose whole state
// space the explicit engine explores without a steps bound, that the DPOR
// engine with a large enough steps bound reaches exactly the same states
// (no more at any bound, all of them at the bound found).
func TestCheckCoversExplicit(t *testing.T) {
	dir, err := corpus.Dir()
	if err != nil {
		t.Skipf("no corpus: %v", err)
	}
	for _, c := range []struct {
		file string
		k    int // the smallest bound that covers every state (searched)
		pso  bool
	}{
		{"mutex_N", 3, true}, {"spinlock_N", 6, true}, {"sense_rev_N", 5, true},
		{"lamport_simple_N", 2, true}, {"dekker_simple_N", 2, true}, {"peterson_2", 4, false},
	} {
		e := corpus.Entry{File: filepath.Join("cubicle-w", "cubtso", c.file+".cub"), Model: "tso"}
		m, _ := loadCorpus(t, dir, e)
		m.Unsafes = nil
		for _, mm := range []memmodel.Model{memmodel.TSO, memmodel.PSO} {
			if mm == memmodel.PSO && !c.pso {
				continue // unbounded store buffers: no finite state space
			}
			t.Run(c.file+"/"+mm.Name(), func(t *testing.T) {
				all := map[string]bool{}
				ex, err := explore(context.Background(), m, Options{N: 2, Model: mm}, func(p *program, st *state) {
					all[observe(p, st)] = true
				})
				require.NoError(t, err)
				require.Equal(t, translate.Safe, ex.Verdict)
				graphs := map[string]bool{}
				gr, err := check(context.Background(), m, Options{N: 2, Model: mm, MaxSteps: c.k},
					hooks{state: func(p *program, st *state) { graphs[observe(p, st)] = true }})
				require.NoError(t, err)
				require.Equal(t, translate.Safe, gr.Verdict)
				t.Logf("k=%d: %d states, %d executions, %d blocked", c.k, len(all), gr.Executions, gr.Blocked)
				requireSameStates(t, all, graphs, c.file)
			})
		}
	}
}

// longTests reports whether the long variants of the tests run: set
// CUBEW_LONG_TESTS=1 (and not -short).
func longTests() bool { return os.Getenv("CUBEW_LONG_TESTS") != "" && !testing.Short() }
