package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/stretchr/testify/require"
)

// szymanskiAt is the corpus model BRAB decides in a few nodes.
func szymanskiAt(t *testing.T) string {
	t.Helper()
	dir, err := corpus.Dir()
	require.NoError(t, err, "the shared corpus (CUBEW_CORPUS)")
	return filepath.Join(dir, "cubicle", "szymanski_at.cub")
}

// TestBrabInvariantsPasteBack: check --brab 2 --invariants prints the
// inferred invariants as declarations; pasted into the model, plain check
// proves every one of them.
func TestBrabInvariantsPasteBack(t *testing.T) {
	path := szymanskiAt(t)
	code, out, errs := cubew(t, "check", "--brab", "2", "--invariants", path)
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, out, "SAFE  sc  31 nodes")
	require.Contains(t, out, "\n    invariants inferred (14):\n")
	require.Contains(t, out, "\n    invariant (p1) { A[p1] = L7 && S[p1] = False }\n")
	var decls []string
	for _, line := range strings.Split(out, "\n") {
		if d, ok := strings.CutPrefix(line, "    invariant ("); ok {
			decls = append(decls, "invariant ("+d)
		}
	}
	require.Len(t, decls, 14)

	src, err := os.ReadFile(path)
	require.NoError(t, err)
	pasted := filepath.Join(t.TempDir(), "szymanski_inv.cub")
	require.NoError(t, os.WriteFile(pasted, []byte(string(src)+"\n"+strings.Join(decls, "\n")+"\n"), 0o644))
	code, out, errs = cubew(t, "check", pasted)
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, out, "invariant[14]")
	require.Equal(t, 1, strings.Count(out, "invariants proved: "))
	require.NotContains(t, out, "invariants inferred")
}

// TestBrabJSONAndStatistics: JSON carries the inferred invariants without
// --invariants, and -v counts candidates, refutations and restarts.
func TestBrabJSONAndStatistics(t *testing.T) {
	var doc struct {
		Results []struct {
			Verdict  string   `json:"verdict"`
			Inferred []string `json:"invariants_inferred"`
		}
	}
	code, out, errs := cubew(t, "check", "--format", "json", "--brab", "2", szymanskiAt(t))
	require.Equal(t, exitSafe, code, errs)
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	require.Len(t, doc.Results, 1)
	require.Equal(t, "safe", doc.Results[0].Verdict)
	require.Len(t, doc.Results[0].Inferred, 14)

	code, _, errs = cubew(t, "check", "-v", "--brab", "1", "../../decide/testdata/brab_refuted.cub")
	require.Equal(t, exitUnsafe, code, errs)
	require.Contains(t, errs, "brab_refuted.cub: invariant inference: 2 candidates visited, 2 refuted, 2 restarts")
}

// TestBrabCertificate: the certificate of a SAFE answer found with
// inferred invariants re-checks (the candidates are part of the inductive
// invariant it states).
func TestBrabCertificate(t *testing.T) {
	cert := filepath.Join(t.TempDir(), "szymanski.smt2")
	code, _, errs := cubew(t, "check", "--brab", "2", "--certificate", cert, szymanskiAt(t))
	require.Equal(t, exitSafe, code, errs)
	code, out, errs := cubew(t, "certify", cert)
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, out, "certificate holds: 321 obligations unsat")
	require.NotContains(t, out, "(fails)")
}

// TestBrabDefault: without --brab, check searches exactly for
// defaultBrabAfter nodes, or defaultCheapBrabAfter when the oracle is
// cheap to explore, then infers invariants with an oracle over
// 1..defaultBrab processes (explored with one more): Szymanski's
// algorithm (about 1,300 nodes exactly), whose oracle is cheap, is SAFE
// in 78 (222 from the 200th node); a model decided sooner never explores
// the oracle; --brab 0 turns inference off.
func TestBrabDefault(t *testing.T) {
	code, out, errs := cubew(t, "check", "-v", szymanskiAt(t))
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, out, "SAFE  sc  78 nodes")
	require.Contains(t, errs, "szymanski_at.cub: invariant inference: oracle of 1240 states over 1..4 processes\n")
	require.Contains(t, errs, "szymanski_at.cub: invariant inference: 18 candidates visited, 0 refuted, 0 restarts\n")

	code, out, errs = cubew(t, "check", "-v", "testdata/token_mutex.cub")
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, errs, "token_mutex.cub: invariant inference: not needed (oracle not explored)\n")
	_, off, errs := cubew(t, "check", "-v", "--brab", "0", "testdata/token_mutex.cub")
	require.NotContains(t, errs, "invariant inference")
	require.Equal(t, firstField(t, out), firstField(t, off))
}

// firstField is the result line of a check output up to its time.
func firstField(t *testing.T, out string) string {
	t.Helper()
	line, _, _ := strings.Cut(out, "\n")
	i := strings.LastIndex(line, "  ")
	require.Positive(t, i, line)
	return line[:i]
}

// TestBrabCrosscheck backs the SAFE answer the default inference gives on
// Szymanski's algorithm: crosscheck runs check as it does by default, and
// the bounded instances with 2 and 3 processes agree.
func TestBrabCrosscheck(t *testing.T) {
	requireCrosscheckSafe(t, szymanskiAt(t), 78)
}

// requireCrosscheckSafe runs crosscheck --max-n 3 on path: check is SAFE
// in nodes nodes, and the instances with 2 and 3 processes agree.
func requireCrosscheckSafe(t *testing.T, path string, nodes int) {
	t.Helper()
	code, out, errs := cubew(t, "crosscheck", "--max-n", "3", path)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, fmt.Sprintf("check    SAFE  %d nodes", nodes))
	require.Contains(t, out, "n=2 k=6  SAFE")
	require.Contains(t, out, "n=3 k=6  SAFE")
	require.Contains(t, out, "agree")
	require.NotContains(t, out, "UNKNOWN")
}

// TestBrabDefaultLaterUnderPSO: without --brab, inference is on under
// every model, from the 200th node where writes stay in program order or
// the model has no weak variables, and from the 1,000th for weak
// variables under pso, where the candidates its over-approximating
// search refutes restart it (defaultBrabAfterFor); spin_lock, decided
// sooner, never explores the oracle; ticket_lock, without weak
// variables, is SAFE under pso as under sc, in 55 nodes (its oracle is
// cheap: defaultCheapBrabAfter; from the 1,000th node, 1,005 and about
// 110 CPU-s). An explicit --brab
// approximates from the first node under pso too, and --brab-after
// overrides the default.
func TestBrabDefaultLaterUnderPSO(t *testing.T) {
	weak, plain := &syntax.Model{Weak: true}, &syntax.Model{}
	require.Equal(t, defaultBrabAfter, defaultBrabAfterFor(weak, memmodel.SC))
	require.Equal(t, defaultBrabAfter, defaultBrabAfterFor(weak, memmodel.TSO))
	require.Equal(t, defaultBrabAfterOutOfOrder, defaultBrabAfterFor(weak, memmodel.PSO))
	require.Equal(t, defaultBrabAfter, defaultBrabAfterFor(plain, memmodel.PSO))

	for _, mm := range []string{"pso", "tso"} {
		_, _, errs := cubew(t, "check", "-v", "--model", mm, "../../examples/spin_lock.cub")
		require.Contains(t, errs, "spin_lock.cub: invariant inference: not needed (oracle not explored)\n", mm)
	}
	_, _, errs := cubew(t, "check", "-v", "--model", "pso", "--brab", "2", "../../examples/spin_lock.cub")
	require.Contains(t, errs, "spin_lock.cub: invariant inference: oracle of ")
	_, _, errs = cubew(t, "check", "-v", "--model", "pso", "--brab", "2", "--brab-after", "1000", "../../examples/spin_lock.cub")
	require.Contains(t, errs, "spin_lock.cub: invariant inference: not needed (oracle not explored)\n")
	code, out, errs := cubew(t, "check", "-v", "--model", "pso", "--timeout", "0", "--max-nodes", "1500", "../../examples/ticket_lock.cub")
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, out, "ticket_lock.cub  SAFE  pso  55 nodes  ")
	require.Contains(t, errs, "ticket_lock.cub: invariant inference: 5 candidates visited, 0 refuted, 0 restarts\n")
}

// TestBrabTicketLock: the ticket lock example, whose counters grow
// without bound, is SAFE by plain check: 50 exact nodes (its oracle is
// cheap: defaultCheapBrabAfter; 200 before), then 5 more,
// all 5 inferred invariants, and no refutation, from an oracle over 1..4
// processes that shifted counters make finite (3 + 5 + 7 + 9 states up to
// permutations). An Idle process's stale ticket is unknown to the oracle
// (dead), so a waiting process's ticket is what the candidates bound.
// The fifth, `Next <= Serving && Phase[p1] = Critical`, keeps a bound one
// above a counter over integers as the order it is (reach's weaken: `Next
// < Serving + 1`); before, the search visited that node itself, with 4
// invariants and as many nodes.
// Crosscheck backs it with the bounded instances of 2 and
// 3 processes.
func TestBrabTicketLock(t *testing.T) {
	const path = "../../examples/ticket_lock.cub"
	code, out, errs := cubew(t, "check", "-v", "--invariants", path)
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, out, "SAFE  sc  55 nodes")
	require.Contains(t, out, "\n    invariants inferred (5):\n")
	require.Contains(t, out, "\n    invariant (p1) { Next < Ticket[p1] && Phase[p1] = Waiting }\n")
	require.Contains(t, out, "\n    invariant (p1) { Next <= Serving && Phase[p1] = Critical }\n")
	require.Contains(t, errs, "ticket_lock.cub: invariant inference: oracle of 24 states over 1..4 processes\n")
	require.Contains(t, errs, "ticket_lock.cub: invariant inference: 5 candidates visited, 0 refuted, 0 restarts\n")
	requireCrosscheckSafe(t, path, 55)
}

// TestBrabTwoPhaseAssumed: the Cubicle-W two-phase protocol with its
// model restriction trusted (--assume-invariants: at most one process of
// kind A), which plain backward search decides in 303 nodes (it left it
// UNKNOWN past 2,700 before reach kept the ghb-equal classes of events
// whole), is SAFE under tso with the default inference in fewer, 203
// (299 from the 200th node): an oracle over 1..4 processes (363 states,
// complete, cheap: from the 50th node) gives 1 candidate, not refuted. The
// bounded engine, trusting the invariant too (it prunes its states),
// agrees at n = 2 and 3; checked, the invariant holds at an initial state
// there (two processes of kind A), as check says without
// --assume-invariants.
func TestBrabTwoPhaseAssumed(t *testing.T) {
	dir, err := corpus.Dir()
	if err != nil {
		t.Skipf("shared corpus: %v", err)
	}
	path := filepath.Join(dir, "cubicle-w", "cubtso", "two_phase_i_N.cub")
	code, out, errs := cubew(t, "check", "-v", "--assume-invariants", path)
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, out, "SAFE  tso  203 nodes")
	require.Contains(t, errs, "two_phase_i_N.cub: invariant inference: oracle of 363 states over 1..4 processes\n")
	require.Contains(t, errs, "two_phase_i_N.cub: invariant inference: 1 candidates visited, 0 refuted, 0 restarts\n")
	for _, n := range []string{"2", "3"} {
		code, out, errs = cubew(t, "bounded", "-n", n, "--steps", "6", "--assume-invariants", path)
		require.Equal(t, exitSafe, code, errs)
		require.Contains(t, out, "SAFE  tso  n="+n+" k=6")
		code, out, errs = cubew(t, "bounded", "-n", n, "--steps", "6", path)
		require.Equal(t, exitUnsafe, code, errs)
		require.Contains(t, out, "trace: init -> invariant[1]")
	}
}
