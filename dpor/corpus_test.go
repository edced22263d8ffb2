package dpor

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

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

// corpusMaxStates stops every run of TestCorpus at this many distinct
// states (verdict Unknown); the largest instance, arbiter_v3_N at n=3,
// needs 218,214. It is the only limit: no run is stopped by a clock.
const corpusMaxStates = 250_000

// corpusUnknown lists the instances (file n=N) of TestCorpus whose verdict
// is Unknown, with the reason the explicit engine gives; every other
// instance must be decided.
var corpusUnknown = map[string]string{
	"cubicle/ricart_agrawala.cub n=2": "under-approximation: guard of t1 depends on an unconstrained value",
	"cubicle/ricart_agrawala.cub n=3": "under-approximation: guard of t1 depends on an unconstrained value",
}

// The numbers of instances TestCorpus runs, without and with -short.
const (
	corpusRuns      = 104
	corpusRunsShort = 88
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
	"cubicle/german.ctc.cub":                  {{2, 4, false}, {3, 3, false}},
	// Not infinite, but large (flash_nodata at n = 2: 191,649 orbits).
	"cubicle/flash.cub":        {{2, 2, false}, {3, 2, true}},
	"cubicle/flash_nodata.cub": {{2, 3, false}, {3, 2, false}},
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

// corpusEntries returns the corpus folder and its expected.tsv rows; it
// skips the test when there is no corpus.
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
// run too. Every instance must be decided within corpusMaxStates, but
// those of corpusUnknown; the number of instances run is pinned. -short
// skips slow instances and the files without a reference verdict. The
// invariant items are trusted (Options.AssumeInvariants), as expected.tsv's
// verdicts read them (the corpus loop runs check --assume-invariants);
// TestCorpusInvariantsChecked checks them.
func TestCorpus(t *testing.T) {
	runs, _ := runCorpus(t, false)
	want := corpusRuns
	if testing.Short() {
		want = corpusRunsShort
	}
	require.Equal(t, want, runs, "instances run")
}

// The numbers of instances TestCorpusSymmetry reduces by symmetry, without
// and with -short (the others name a process or order processes).
const (
	corpusSymmetric      = 80
	corpusSymmetricShort = 66
)

// TestCorpusSymmetry is TestCorpus with symmetry reduction: the same
// instances give the same verdicts (and the same reasons for those left
// Unknown), and the instances reduced are counted.
func TestCorpusSymmetry(t *testing.T) {
	runs, symmetric := runCorpus(t, true)
	want, wantSym := corpusRuns, corpusSymmetric
	if testing.Short() {
		want, wantSym = corpusRunsShort, corpusSymmetricShort
	}
	require.Equal(t, want, runs, "instances run")
	require.Equal(t, wantSym, symmetric, "instances reduced by symmetry")
}

// runCorpus runs the instances of TestCorpus, with symmetry reduction
// when sym is set, checks their verdicts, and returns how many ran and
// how many of them were reduced.
func runCorpus(t *testing.T, sym bool) (runs, symmetric int) {
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
				runs++
				opts := Options{N: in.n, Model: mm, MaxSteps: in.k, MaxStates: corpusMaxStates, Symmetry: sym, AssumeInvariants: true}
				res, err := Explicit(context.Background(), m, opts)
				require.NoError(t, err)
				if res.Symmetric {
					symmetric++
				}
				t.Logf("n=%d k=%d %s: %s, %d states %s", in.n, in.k, mm.Name(), res.Verdict, res.States, res.Reason)
				if why, ok := corpusUnknown[fmt.Sprintf("%s n=%d", e.File, in.n)]; ok {
					require.Equal(t, translate.Unknown, res.Verdict)
					require.Equal(t, why, res.Reason)
				} else {
					require.NotEqual(t, translate.Unknown, res.Verdict, res.Reason)
				}
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
	return runs, symmetric
}

// corpusChecked is what the explicit engine answers, with the model's
// invariant items checked (the default), on the instances of TestCorpus
// of every corpus file with invariants: the invariant violated ("" for an
// unsafe item or a safe instance) and the steps of the witness (flushes
// included), or the states of a safe instance (orbits: Symmetry is on).
var corpusChecked = []struct {
	file     string
	n        int
	verdict  translate.Verdict
	violated string
	count    int // witness steps (unsafe) or states (safe)
}{
	// The invariants of these files restrict the initial states (two
	// arbiters, three processes of a two-process protocol): they hold at
	// an initial state, as check says without --assume-invariants.
	{"cubicle-w/cubtso/arbiter_v1_N.cub", 2, translate.Unsafe, "invariant[1]", 0},
	{"cubicle-w/cubtso/arbiter_v2_N.cub", 2, translate.Unsafe, "invariant[1]", 0},
	{"cubicle-w/cubtso/arbiter_v3_N.cub", 2, translate.Unsafe, "invariant[1]", 0},
	{"cubicle-w/cubtso/two_phase_i_N.cub", 2, translate.Unsafe, "invariant[1]", 0},
	{"cubicle-w/cubtso/dekker_2b.cub", 2, translate.Safe, "", 375},
	{"cubicle-w/cubtso/dekker_2b.cub", 3, translate.Unsafe, "invariant[1]", 0},
	{"cubicle-w/cubtso/peterson_2b.cub", 2, translate.Safe, "", 74},
	{"cubicle-w/cubtso/peterson_2b.cub", 3, translate.Unsafe, "invariant[1]", 0},
	{"cubicle-w/cubtso/dekker_2b_us.cub", 2, translate.Unsafe, "", 4},
	{"cubicle-w/cubtso/peterson_2b_us.cub", 2, translate.Unsafe, "", 6},
	// Max < 0 never holds: the same answers as with the invariant assumed.
	{"cubicle/bakery_lamport.cub", 2, translate.Safe, "", 27253},
	{"cubicle/bakery_lamport.cub", 3, translate.Safe, "", 34288},
	{"cubicle/bakery_lamport_bogus.cub", 2, translate.Unsafe, "", 6},
}

// TestCorpusInvariantsChecked runs the instances of corpusChecked with the
// invariants checked and with them assumed: the answers are those of the
// table, a witness replays and names the item it reaches, and where the
// checked run is safe no reachable state satisfies an invariant, so the
// assumed run prunes none and finds the same states.
func TestCorpusInvariantsChecked(t *testing.T) {
	dir, es := corpusEntries(t)
	model := map[string]string{}
	for _, e := range es {
		model[e.File] = e.Model
	}
	ran := 0
	for _, c := range corpusChecked {
		m, mm := loadCorpus(t, dir, corpus.Entry{File: c.file, Model: model[c.file]})
		require.NotEmpty(t, m.Invariants, c.file)
		k := 0
		for _, in := range corpusInstances[c.file] {
			if in.n == c.n {
				k = in.k
			}
		}
		opts := Options{N: c.n, Model: mm, MaxSteps: k, MaxStates: corpusMaxStates, Symmetry: true}
		res, err := Explicit(context.Background(), m, opts)
		require.NoError(t, err)
		label := fmt.Sprintf("%s n=%d", c.file, c.n)
		require.Equal(t, c.verdict, res.Verdict, "%s: %s", label, res.Reason)
		require.Equal(t, c.violated, res.Violated, label)
		require.Zero(t, res.Pruned, label)
		if res.Verdict == translate.Unsafe {
			require.Equal(t, c.count, len(res.Witness.Steps), "%s: %s", label, res.Witness.Line())
			require.NoError(t, Replay(m, opts, res.Witness), label)
			if c.violated != "" {
				require.Equal(t, c.violated, res.Witness.UnsafeName, label)
			}
		} else {
			require.Equal(t, c.count, res.States, label)
		}
		opts.AssumeInvariants = true
		assumed, err := Explicit(context.Background(), m, opts)
		require.NoError(t, err)
		require.Empty(t, assumed.Violated, label)
		if res.Verdict == translate.Safe {
			require.Equal(t, translate.Safe, assumed.Verdict, label)
			require.Zero(t, assumed.Pruned, label)
			require.Equal(t, res.States, assumed.States, label)
		}
		ran++
	}
	require.Equal(t, len(corpusChecked), ran)
}
