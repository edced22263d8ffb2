package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/stretchr/testify/require"
)

const twoGroups = "../../examples/two_groups.cub"

// TestFencesDiff: the two fences of two_groups as a diff (golden), and
// with -v the five checks that found them on stderr.
func TestFencesDiff(t *testing.T) {
	code, out, errs := cubew(t, "fences", "-v", "-d", twoGroups)
	require.Equal(t, exitSafe, code, errs)
	golden(t, "two_groups.fences.txt", out)
	require.Equal(t, 2, strings.Count(out, "+requires { fence() && "), "one fence per enter transition")
	require.Equal(t, 5, strings.Count(errs, "check #"), errs)
	require.Contains(t, errs, "check #2  sc  fences in {}: SAFE")
	require.Contains(t, errs, "check #5  tso  fences in {w_enter, r_enter}: SAFE")
}

// TestFencesWrite: -w writes the set into the file, which check then
// proves SAFE under tso.
func TestFencesWrite(t *testing.T) {
	src, err := os.ReadFile(twoGroups)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "two_groups.cub")
	require.NoError(t, os.WriteFile(path, src, 0o600))
	code, _, errs := cubew(t, "fences", "-w", path)
	require.Equal(t, exitSafe, code, errs)
	fenced, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, 2, strings.Count(string(fenced), "fence()")-strings.Count(string(src), "fence()"))
	code, out, errs := cubew(t, "check", "--model", "tso", path)
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, out, "SAFE")
}

// TestFencesJSON: the sets with their positions, and every check.
func TestFencesJSON(t *testing.T) {
	code, out, errs := cubew(t, "fences", "--format", "json", "--model", "pso", twoGroups)
	require.Equal(t, exitSafe, code, errs)
	var doc jsonFences
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	require.Equal(t, "fixed", doc.Outcome)
	require.Equal(t, "pso", doc.Model)
	require.True(t, doc.Complete)
	require.Len(t, doc.Sets, 1)
	require.Equal(t, []jsonFencePos{{Index: 1, Transition: "w_enter", Line: 24, Column: 1}, {Index: 4, Transition: "r_enter", Line: 36, Column: 1}},
		doc.Sets[0].Fences)
	require.Equal(t, 5, doc.Sets[0].Proof)
	require.Equal(t, []int{4, 3}, doc.Sets[0].NeededBy)
	require.Len(t, doc.Checks, 5)
	require.Equal(t, "unsafe", doc.Checks[0].Verdict)
	require.Len(t, doc.Checks[0].Conflict, 2, "a fence in either enter transition cuts the first counterexample")
	require.Len(t, doc.Positions, 6)
	require.NotNil(t, doc.Unknown, "[] rather than null")
}

// TestFencesNoFix: a model UNSAFE under SC gets no fence (exit 1) and its
// SC counterexample.
func TestFencesNoFix(t *testing.T) {
	code, out, errs := cubew(t, "fences", "../../examples/check_then_set.cub")
	require.Equal(t, exitUnsafe, code, errs)
	require.Contains(t, out, "NO FENCE HELPS  tso  UNSAFE under sc")
	require.Contains(t, out, "fences cannot help")
	require.Contains(t, out, "counterexample with 2 processes: init -> ")

	code, out, errs = cubew(t, "fences", "--format", "json", "../../examples/check_then_set.cub")
	require.Equal(t, exitUnsafe, code, errs)
	var doc jsonFences
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	require.Equal(t, "no_fix", doc.Outcome)
	require.Empty(t, doc.Sets)
	require.NotNil(t, doc.Counterexample)
	require.Equal(t, "sc", doc.Counterexample.Model)
	require.Equal(t, 2, doc.Counterexample.Check)
	require.Equal(t, 2, doc.Counterexample.Processes)
}

// TestFencesUnknown: with a node budget too small for any check, the
// bounded engine still finds the counterexamples that lead to the right
// candidate, whose check is UNKNOWN (exit 3): not proved, never a fix.
func TestFencesUnknown(t *testing.T) {
	code, out, errs := cubew(t, "fences", "-v", "--max-nodes", "1", twoGroups)
	require.Equal(t, exitUnknown, code, errs)
	require.Contains(t, out, "UNKNOWN  tso  no fence set proved  5 checks")
	require.Contains(t, out, "node limit")
	require.Contains(t, out, "not proved: {w_enter, r_enter} (UNKNOWN)")
	require.Equal(t, 3, strings.Count(errs, "counterexample found by the bounded engine"), errs)
}

// TestFencesBadInput: positioned errors and usage errors exit 2.
func TestFencesBadInput(t *testing.T) {
	code, _, errs := cubew(t, "fences", "testdata/errors/undeclared.cub")
	require.Equal(t, exitBadInput, code)
	require.Regexp(t, regexp.MustCompile(`^testdata/errors/undeclared\.cub:\d+:\d+: `), errs)
	for _, args := range [][]string{
		{"fences", "--model", "sc", twoGroups},
		{"fences", "--max-checks", "0", twoGroups},
		{"fences", "testdata/no_such_file.cub"},
		{"fences", twoGroups, twoGroups},
	} {
		code, _, errs := cubew(t, args...)
		require.Equal(t, exitBadInput, code, "%v: %s", args, errs)
	}
}

// TestFencesPSOFixed: under pso peterson_2_us needs a store-store fence
// where Turn is written besides the authors' fence: check's refined
// search proves the pair SAFE (check #5), and each fence is needed. The
// UNSAFE candidates are decided by the search, not by the bounded engine.
func TestFencesPSOFixed(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err, "the shared corpus (CUBEW_CORPUS)")
	path := filepath.Join(dir, "cubicle-w", "cubtso", "peterson_2_us.cub")
	code, out, errs := cubew(t, "fences", "-v", "--model", "pso", path)
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, out, "FENCES  pso  1 minimal set (all of them)  6 checks")
	require.Regexp(t, `set 1: t_L2_L3_W_Turn_Other \(.*\), t_L3_CS_R_WantO_False \(.*\)  SAFE by check #5; each fence needed \(checks #4, #3\)`, out)
	require.Equal(t, 6, strings.Count(errs, "check #"), errs)
	require.Equal(t, 4, strings.Count(errs, ": UNSAFE, "), errs)
	require.Zero(t, strings.Count(errs, "counterexample found by the bounded engine"), errs)

	code, out, errs = cubew(t, "fences", "--format", "json", "--model", "pso", path)
	require.Equal(t, exitSafe, code, errs)
	var doc jsonFences
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	require.Equal(t, "fixed", doc.Outcome)
	require.Len(t, doc.Sets, 1)
	require.Empty(t, doc.Unknown)
	for _, c := range doc.Checks {
		require.False(t, c.Bounded, "check decided by the bounded engine")
	}
}
