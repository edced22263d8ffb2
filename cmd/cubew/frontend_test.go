package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

const (
	falseInvariant    = "testdata/frontend/false_invariant.cub"
	trueInvariant     = "testdata/frontend/true_invariant.cub"
	constantInvariant = "testdata/frontend/constant_invariant.cub"
)

// TestInvariantsProvedText: check proves invariant items; a false one
// makes the model UNSAFE and is named; a true one is listed as proved.
// --assume-invariants restores trusting them, and the output says so.
func TestInvariantsProvedText(t *testing.T) {
	code, out, errs := cubew(t, "check", falseInvariant)
	require.Equal(t, exitUnsafe, code, errs)
	require.Contains(t, out, "UNSAFE  sc")
	require.Contains(t, out, "\n    invariant[1] violated (the original Cubicle assumes its invariants without proof; --assume-invariants does the same)\n")
	require.Contains(t, out, "trace: init -> go(#1) -> invariant[1]")

	code, out, errs = cubew(t, "check", trueInvariant)
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, out, "SAFE  sc")
	require.Contains(t, out, "\n    invariants proved: Mutex\n")

	code, out, errs = cubew(t, "check", "--assume-invariants", falseInvariant)
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, out, "SAFE  sc")
	require.Contains(t, out, "\n    invariants assumed, not proved (--assume-invariants): invariant[1]\n")
	require.NotContains(t, out, "proved: ")

	code, _, errs = cubew(t, "check", "-v", "--assume-invariants", falseInvariant)
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, errs, "false_invariant.cub: invariants assumed, not proved (--assume-invariants): invariant[1]\n")
}

// TestInvariantsJSON pins the JSON keys of invariants (docs/json.md).
func TestInvariantsJSON(t *testing.T) {
	type result struct {
		Verdict  string   `json:"verdict"`
		Violated string   `json:"invariant_violated"`
		Proved   []string `json:"invariants_proved"`
		Assumed  []string `json:"invariants_assumed"`
		Trace    *struct {
			Unsafe string `json:"unsafe"`
		} `json:"trace"`
	}
	var doc struct{ Results []result }
	code, out, errs := cubew(t, "check", "--format", "json", falseInvariant, trueInvariant)
	require.Equal(t, exitUnsafe, code, errs)
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	require.Len(t, doc.Results, 2)
	bad, good := doc.Results[0], doc.Results[1]
	require.Equal(t, "unsafe", bad.Verdict)
	require.Equal(t, "invariant[1]", bad.Violated)
	require.Equal(t, "invariant[1]", bad.Trace.Unsafe)
	require.Empty(t, bad.Proved)
	require.Equal(t, "safe", good.Verdict)
	require.Equal(t, []string{"Mutex"}, good.Proved)
	require.Empty(t, good.Assumed)
	require.NotContains(t, out, `"invariants_assumed"`)

	code, out, errs = cubew(t, "check", "--format", "json", "--assume-invariants", falseInvariant)
	require.Equal(t, exitSafe, code, errs)
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	require.Equal(t, "safe", doc.Results[0].Verdict)
	require.Equal(t, []string{"invariant[1]"}, doc.Results[0].Assumed)
	require.Empty(t, doc.Results[0].Proved)
}

// TestInvariantsJUnit: the JUnit case of a check that trusted invariants
// carries a property naming them.
func TestInvariantsJUnit(t *testing.T) {
	report := filepath.Join(t.TempDir(), "r.xml")
	code, _, errs := cubew(t, "check", "--assume-invariants", "--junit", report, falseInvariant)
	require.Equal(t, exitSafe, code, errs)
	xml, err := os.ReadFile(report)
	require.NoError(t, err)
	require.Contains(t, string(xml), `<property name="invariants_assumed" value="invariant[1]"></property>`)
	code, _, errs = cubew(t, "check", "--junit", report, falseInvariant)
	require.Equal(t, exitUnsafe, code, errs)
	xml, err = os.ReadFile(report)
	require.NoError(t, err)
	require.Contains(t, string(xml), `<property name="invariant_violated" value="invariant[1]"></property>`)
}

// TestCrosscheckProvesInvariants: an invariant over constants that is
// false (it restricts the instances) was trusted by both engines, which
// "agreed" on SAFE; now both find it violated.
func TestCrosscheckProvesInvariants(t *testing.T) {
	code, out, errs := cubew(t, "crosscheck", "--max-n", "2", constantInvariant)
	require.Equal(t, exitSafe, code, errs)
	require.Regexp(t, `check +UNSAFE`, out)
	require.Regexp(t, `n=2 k=\d+ +UNSAFE`, out)
	require.Contains(t, out, "agree")
	require.NotRegexp(t, `\sSAFE`, out)
}

// TestFrontEndBadInput: a model with nothing to check, and process
// constants or counts past the supported range, are positioned input
// errors (exit 2) for every command, never a verdict or a panic.
func TestFrontEndBadInput(t *testing.T) {
	const noProp = "testdata/frontend/no_property.cub"
	const big = "testdata/frontend/big_constant.cub"
	for _, args := range [][]string{
		{"check", noProp}, {"bounded", "-n", "2", noProp}, {"crosscheck", "--max-n", "2", noProp},
	} {
		code, out, errs := cubew(t, args...)
		require.Equal(t, exitBadInput, code, "%v: %s", args, out)
		require.Equal(t, noProp+":1:1: the model has no unsafe formula and no invariant: nothing to check\n", errs, "%v", args)
	}
	code, _, errs := cubew(t, "parse", noProp)
	require.Equal(t, exitSafe, code, errs)
	for _, cmd := range []string{"parse", "check"} {
		code, out, errs := cubew(t, cmd, big)
		require.Equal(t, exitBadInput, code, out)
		require.Equal(t, big+":1:1: number_procs 32769 is out of range: at most 999 processes are supported\n"+
			big+":5:31: process constant #32769 is out of range: at most 999 processes are supported\n", errs)
	}
}

// TestTraceNeedsHeldProcess: a counterexample whose Turn must name a
// process it does not run states 3 processes and replays with them
// (crosscheck used to find it does not replay with the 2 it claimed).
func TestTraceNeedsHeldProcess(t *testing.T) {
	const turn = "testdata/frontend/turn.cub"
	code, out, errs := cubew(t, "check", "--trace", "--verify-trace", turn)
	require.Equal(t, exitUnsafe, code, errs)
	require.Contains(t, out, "counterexample with 3 processes")
	require.NotContains(t, out, "no concrete execution")
	code, out, errs = cubew(t, "crosscheck", "--max-n", "3", turn)
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, out, "replays with 3 processes")
	require.Contains(t, out, "agree")
}
