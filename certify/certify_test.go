package certify_test

import (
	"bufio"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/stretchr/testify/require"
)

// noSafeAnswer lists the files expected SAFE that the test's search (no
// invariant inference) does not answer SAFE within its budget: without a
// SAFE answer there is no certificate to check here. check answers them
// SAFE with invariant inference (its default), and cmd/cubew's
// TestNewSafeCertificates certifies those proofs.
var noSafeAnswer = map[string]string{
	"cubicle/ricart_agrawala.cub": "no answer without invariant inference; check's proof: cmd/cubew TestNewSafeCertificates",
	"cubicle/szymanski_at.cub":    "no answer without invariant inference; check's proof: cmd/cubew TestNewSafeCertificates",
}

// assumedInvariants lists the files whose user invariant speaks of
// constants alone (at most one arbiter, at most two active processes): a
// restriction of the instance, false at some initial states, so cubew
// answers UNSAFE unless --assume-invariants. Their certificates are
// those of the search that assumes it, stating it as an assumption
// (assumed.go). The first four are expected SAFE under tso; the others
// are certified under sc only (scSafe).
var assumedInvariants = map[string]bool{
	"cubicle-w/cubtso/arbiter_v1_N.cub":   true,
	"cubicle-w/cubtso/arbiter_v2_N.cub":   true,
	"cubicle-w/cubtso/dekker_2b.cub":      true,
	"cubicle-w/cubtso/peterson_2b.cub":    true,
	"cubicle-w/cubtso/dekker_2b_us.cub":   true,
	"cubicle-w/cubtso/peterson_2b_us.cub": true,
	"cubicle-w/cubtso/two_phase_i_N.cub":  true,
}

// tooLarge lists the certificates beyond even the full run's budget,
// re-checked with CUBEW_CERTIFY_LARGE=1.
var tooLarge = map[string]string{
	"cubicle/german.cub":               "2040 cubes x 15 transitions: about 30,000 obligations, hours per prover",
	"cubicle/german.ctc.cub":           "1462 cubes x 15 transitions: about 22,000 obligations, hours per prover",
	"cubicle-w/cubtso/dekker_2.cub":    "889 event-explicit obligations: minutes per prover",
	"cubicle-w/cubtso/two_phase_N.cub": "2311 event-explicit obligations: minutes per prover",
	"cubicle-w/cubtso/lamport_N.cub":   "487 event-explicit obligations: a minute or two per prover",
	"cubicle-w/cubtso/dekker_2b.cub":   "901 event-explicit obligations (invariant assumed): minutes per prover",
}

// quick lists the corpus certificates `make test` re-checks (it
// re-checks every example's): a few seconds of both provers in all,
// covering SC and TSO, enumerations, number_procs, forall_other, fences,
// locked read-modify-writes and plain buffered writes, and an unsafe
// weak file SAFE under sc (mutex_N_us). CUBEW_CERTIFY_ALL=1 re-checks
// every other one too.
var quick = map[string]bool{
	"cubicle/bakery.cub":                    true,
	"cubicle/berkeley.cub":                  true,
	"cubicle/dekker.cub":                    true,
	"cubicle/germanish.cub":                 true,
	"cubicle/mesi.cub":                      true,
	"cubicle/mutex.cub":                     true,
	"cubicle/peterson_two_proc.cub":         true,
	"cubicle-w/cubtso/dekker_loc_N.cub":     true,
	"cubicle-w/cubtso/inc.cub":              true,
	"cubicle-w/cubtso/mutex_xchg_N.cub":     true,
	"cubicle-w/litmus/sb_s.cub":             true,
	"cubicle-w/cubtso/inc.cub pso":          true,
	"cubicle-w/cubtso/mutex_xchg_N.cub pso": true,
	"cubicle-w/litmus/sb_s.cub pso":         true,
	"cubicle-w/cubtso/mutex_N_us.cub sc":    true,
}

// psoSafe lists the weak corpus files (TSO rows of expected.tsv) that
// cubew answers SAFE under pso and whose pso certificate is written: 8
// with writes in program order (no process can have writes to two
// locations pending), 8 with writes out of program order (the last
// ones; mutex_N's search no longer moves a fence since reach keeps the
// ghb-equal classes of events whole, collect.go).
var psoSafe = []string{
	"cubicle-w/cubtso/dekker_loc_N.cub",
	"cubicle-w/cubtso/dekker_simple_N.cub",
	"cubicle-w/cubtso/inc.cub",
	"cubicle-w/cubtso/lamport_simple_N.cub",
	"cubicle-w/cubtso/moesi_N.cub",
	"cubicle-w/cubtso/msi_N.cub",
	"cubicle-w/cubtso/mutex_xchg_N.cub",
	"cubicle-w/cubtso/spinlock_N.cub",
	"cubicle-w/cubtso/minimal.cub",
	"cubicle-w/cubtso/sense_rev_N.cub",
	"cubicle-w/litmus/iriw_s.cub",
	"cubicle-w/litmus/mp3_tso_s.cub",
	"cubicle-w/litmus/rwc_s.cub",
	"cubicle-w/litmus/sb_s.cub",
	"cubicle-w/litmus/wrc_s.cub",
	"cubicle-w/cubtso/mutex_N.cub",
}

// scSafe lists the weak corpus files that check answers SAFE under sc
// (`--model sc`: the weak declarations have no effect; with
// --assume-invariants for those of assumedInvariants), the corpus loop's
// sc answers without invariant inference. ticket_spin_lock_N and
// arbiter_v3_N are SAFE under sc only with it: cmd/cubew's
// TestNewSafeCertificates certifies check's proofs.
var scSafe = []string{
	"cubicle-w/cubtso/arbiter_v1_N.cub",
	"cubicle-w/cubtso/arbiter_v2_N.cub",
	"cubicle-w/cubtso/chandy_misra.cub",
	"cubicle-w/cubtso/dekker_2.cub",
	"cubicle-w/cubtso/dekker_2_us.cub",
	"cubicle-w/cubtso/dekker_2b.cub",
	"cubicle-w/cubtso/dekker_2b_us.cub",
	"cubicle-w/cubtso/dekker_loc_N.cub",
	"cubicle-w/cubtso/dekker_simple_N.cub",
	"cubicle-w/cubtso/inc.cub",
	"cubicle-w/cubtso/lamport_N.cub",
	"cubicle-w/cubtso/lamport_N_us.cub",
	"cubicle-w/cubtso/lamport_simple_N.cub",
	"cubicle-w/cubtso/minimal.cub",
	"cubicle-w/cubtso/moesi_N.cub",
	"cubicle-w/cubtso/msi_N.cub",
	"cubicle-w/cubtso/mutex_N.cub",
	"cubicle-w/cubtso/mutex_N_us.cub",
	"cubicle-w/cubtso/mutex_xchg_N.cub",
	"cubicle-w/cubtso/peterson_2.cub",
	"cubicle-w/cubtso/peterson_2_us.cub",
	"cubicle-w/cubtso/peterson_2b.cub",
	"cubicle-w/cubtso/peterson_2b_us.cub",
	"cubicle-w/cubtso/sense_rev_N.cub",
	"cubicle-w/cubtso/spinlock_N.cub",
	"cubicle-w/cubtso/two_phase_N.cub",
	"cubicle-w/cubtso/two_phase_i_N.cub",
	"cubicle-w/litmus/iriw_s.cub",
	"cubicle-w/litmus/mp3_tso_s.cub",
	"cubicle-w/litmus/rwc_s.cub",
	"cubicle-w/litmus/sb_s.cub",
	"cubicle-w/litmus/sb_us.cub",
	"cubicle-w/litmus/wrc_s.cub",
}

// certCase is one SAFE answer whose certificate a test re-checks; quick
// ones in every run, the others with CUBEW_CERTIFY_ALL or _LARGE.
type certCase struct {
	name, path string
	mm         memmodel.Model
	quick      bool
}

// checkCertificates certifies and re-checks the cases the run's budget
// selects, requires that want of them ran, and reports the provers'
// tallies.
func checkCertificates(t *testing.T, what string, cases []certCase, want map[string]int) {
	all, large := os.Getenv("CUBEW_CERTIFY_ALL") != "", os.Getenv("CUBEW_CERTIFY_LARGE") != ""
	tallies := newTallies(t)
	n, ran := 0, 0 // selected by the budget; run (not filtered out by -run)
	for _, c := range cases {
		key := strings.TrimSuffix(c.name, " "+c.mm.Name())
		if why, ok := noSafeAnswer[c.name]; ok {
			t.Logf("%s: no certificate: %s", c.name, why)
			continue
		}
		if why, ok := tooLarge[c.name]; ok && !large {
			t.Logf("%s: beyond the budget (%s): CUBEW_CERTIFY_LARGE=1 re-checks it", c.name, why)
			continue
		}
		if !c.quick && !all && !large {
			continue
		}
		n++
		t.Run(c.name, func(t *testing.T) {
			ran++
			if assumedInvariants[key] {
				confirm(t, text(t, search(t, c.path, c.mm, reach.Options{AssumeInvariants: true})), tallies)
				return
			}
			confirm(t, text(t, proveUnder(t, c.path, c.mm)), tallies)
		})
	}
	for name, tl := range tallies {
		require.Equal(t, ran, tl.confirmed, "%s certificates confirmed by %s", what, name)
	}
	mode := "quick"
	switch {
	case large:
		mode = "large"
	case all:
		mode = "all"
	}
	require.Equal(t, want[mode], n, "%s certificates re-checked (%s run)", what, mode)
	report(t, what, tallies)
}

// TestCorpusCertificates re-checks the certificates of the SAFE corpus
// files: SC rows under sc, TSO rows under tso (the event-explicit
// encoding).
func TestCorpusCertificates(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err)
	entries, err := corpus.Expected(dir)
	require.NoError(t, err)
	var cases []certCase
	for _, e := range entries {
		if e.Expected != "safe" {
			continue
		}
		mm, err := memmodel.ByName(e.Model)
		require.NoError(t, err)
		cases = append(cases, certCase{e.File, filepath.Join(dir, e.File), mm, quick[e.File]})
	}
	require.Len(t, cases, 19+24, "SAFE rows of expected.tsv (sc, tso)")
	for _, f := range psoSafe {
		cases = append(cases, certCase{f + " pso", filepath.Join(dir, f), memmodel.PSO, quick[f+" pso"]})
	}
	for _, f := range scSafe {
		cases = append(cases, certCase{f + " sc", filepath.Join(dir, f), memmodel.SC, quick[f+" sc"]})
	}
	// 43 rows, 16 under pso and 33 weak files under sc: 2 without a SAFE
	// answer, 6 large (one with its invariant assumed), 15 quick.
	checkCertificates(t, "corpus", cases, map[string]int{"quick": 15, "all": 51 + 33, "large": 57 + 33})
}

// TestExampleCertificates re-checks the certificates of the examples
// (examples/*.cub and examples/litmus/*.cub) under every model whose
// want file expects `check MODEL SAFE`: 10 under sc and 3 under tso of
// examples/*.cub; the 13 litmus tests under sc, 10 under tso and 6 under
// pso (writes out of program order in iriw, lb, sb_fenced, wrc): every
// run re-checks all but the litmus tests under sc (SC certificates of 13
// to 78 obligations, which CUBEW_CERTIFY_ALL re-checks, with the weak
// examples that check also answers SAFE under pso though their want
// files do not run it: flag_mutex_fenced, sense_barrier, spin_lock). ticket_lock is SAFE only with
// invariant inference, which this search does not run: cmd/cubew's
// TestNewSafeCertificates certifies check's proof.
func TestExampleCertificates(t *testing.T) {
	files, err := filepath.Glob("../examples/*.cub")
	require.NoError(t, err)
	litmus, err := filepath.Glob("../examples/litmus/*.cub")
	require.NoError(t, err)
	var cases []certCase
	perModel := map[string]int{}
	for _, f := range append(files, litmus...) {
		for _, mm := range []memmodel.Model{memmodel.SC, memmodel.TSO, memmodel.PSO} {
			if safeUnder(t, f, mm.Name()) {
				quick := mm != memmodel.SC || !slices.Contains(litmus, f)
				cases = append(cases, certCase{strings.TrimPrefix(f, "../") + " " + mm.Name(), f, mm, quick})
				perModel[mm.Name()]++
			}
		}
	}
	require.Equal(t, map[string]int{"sc": 10 + 13, "tso": 3 + 10, "pso": 6}, perModel, "examples whose want file expects SAFE")
	for _, name := range psoBeyondWant {
		f := "../examples/" + name + ".cub"
		require.False(t, safeUnder(t, f, "pso"), "%s: its want file runs pso: not beyond it", name)
		cases = append(cases, certCase{"examples/" + name + ".cub pso", f, memmodel.PSO, false})
	}
	checkCertificates(t, "example", cases, map[string]int{"quick": 29, "all": 45, "large": 45})
}

// psoBeyondWant lists the weak examples whose want files do not run pso
// but that check answers SAFE under pso; their certificates (53, 245 and
// 10 obligations) are re-checked with CUBEW_CERTIFY_ALL (sense_barrier's
// takes cvc5 about 12 CPU seconds).
var psoBeyondWant = []string{"flag_mutex_fenced", "sense_barrier", "spin_lock"}

// safeUnder reports whether an example's want file expects `check MODEL
// SAFE`.
func safeUnder(t *testing.T, path, model string) bool {
	f, err := os.Open(strings.TrimSuffix(path, ".cub") + ".want")
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 3 && fields[0] == "check" && fields[1] == model && fields[len(fields)-1] == "SAFE" {
			return true
		}
	}
	return false
}
