package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/internal/corpus"
)

// violatedInvariant is a model whose invariant t falsifies (the model of
// the issue: bounded used to prune the state and answer SAFE).
const violatedInvariant = "testdata/violated_invariant.cub"

// boundedEngines are the values of bounded's --engine.
var boundedEngines = []string{"auto", "dpor", "explicit"}

// TestBoundedChecksInvariants: every bounded engine checks invariant items
// as properties, as check does (UNSAFE, the invariant named, a trace
// ending in it), and with --assume-invariants trusts them (SAFE, and the
// output says they were assumed). The dpor engine assumes only invariants
// over constants, so it refuses to assume this one.
func TestBoundedChecksInvariants(t *testing.T) {
	code, out, errOut := runCLI(t, "check", violatedInvariant)
	require.Equal(t, exitUnsafe, code, errOut)
	require.Contains(t, out, "invariant[1] violated")
	require.Contains(t, out, "trace: init -> t() -> invariant[1]")
	ran := 0
	for _, engine := range boundedEngines {
		code, out, errOut := runCLI(t, "bounded", "-n", "2", "--engine", engine, violatedInvariant)
		require.Equal(t, exitUnsafe, code, "%s: %s%s", engine, out, errOut)
		require.Contains(t, out, "UNSAFE  sc  n=2", engine)
		require.Contains(t, out, "    invariant[1] violated (the original Cubicle assumes its invariants without proof; --assume-invariants does the same)\n", engine)
		require.Contains(t, out, "    trace: init -> t() -> invariant[1]\n", engine)
		require.NotContains(t, out, "assumed", engine)

		code, out, errOut = runCLI(t, "bounded", "-n", "2", "--engine", engine, "--trace", violatedInvariant)
		require.Equal(t, exitUnsafe, code, errOut)
		require.Contains(t, out, "1.  t()  testdata/violated_invariant.cub:9:1", engine)
		require.Contains(t, out, "reaches invariant[1]", engine)

		code, out, errOut = runCLI(t, "bounded", "-n", "2", "--engine", engine, "--assume-invariants", violatedInvariant)
		if engine == "dpor" {
			require.Equal(t, exitBadInput, code, out)
			require.Contains(t, errOut, "testdata/violated_invariant.cub:7:1: invariant[1] reads state that changes; the dpor engine assumes only invariants over constants")
			ran++
			continue
		}
		require.Equal(t, exitSafe, code, "%s: %s%s", engine, out, errOut)
		require.Contains(t, out, "SAFE  sc  n=2  1 state", engine)
		require.Contains(t, out, "    invariants assumed, not proved (--assume-invariants): invariant[1]\n", engine)
		ran++
	}
	require.Equal(t, len(boundedEngines), ran)
}

// TestBoundedInvariantJSON: the JSON output names the violated invariant,
// or lists the assumed ones, with the keys check uses; -v says so too.
func TestBoundedInvariantJSON(t *testing.T) {
	type result struct {
		Verdict  string   `json:"verdict"`
		Violated string   `json:"invariant_violated"`
		Assumed  []string `json:"invariants_assumed"`
		Trace    *struct {
			Unsafe string `json:"unsafe"`
			Steps  []struct {
				Transition string `json:"transition"`
			} `json:"steps"`
		} `json:"trace"`
	}
	var doc struct {
		Results []result `json:"results"`
	}
	code, out, _ := runCLI(t, "bounded", "-n", "2", "--format", "json", violatedInvariant)
	require.Equal(t, exitUnsafe, code)
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	require.Len(t, doc.Results, 1)
	r := doc.Results[0]
	require.Equal(t, "unsafe", r.Verdict)
	require.Equal(t, "invariant[1]", r.Violated)
	require.Empty(t, r.Assumed)
	require.NotNil(t, r.Trace)
	require.Equal(t, "invariant[1]", r.Trace.Unsafe)
	require.Len(t, r.Trace.Steps, 1)
	require.Equal(t, "t", r.Trace.Steps[0].Transition)

	code, out, errOut := runCLI(t, "bounded", "-v", "-n", "2", "--format", "json", "--assume-invariants", violatedInvariant)
	require.Equal(t, exitSafe, code)
	doc.Results = nil
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	require.Len(t, doc.Results, 1)
	r = doc.Results[0]
	require.Equal(t, "safe", r.Verdict)
	require.Empty(t, r.Violated)
	require.Equal(t, []string{"invariant[1]"}, r.Assumed)
	require.Nil(t, r.Trace)
	require.Contains(t, errOut, "testdata/violated_invariant.cub: invariants assumed, not proved (--assume-invariants): invariant[1]\n")
}

// TestBoundedNamedWeakInvariant: the flag mutex with its mutual exclusion
// stated as a named invariant instead of an unsafe item. Under tso every
// engine reaches a state that violates it (the flags still buffered), and
// names it as check does; under sc it holds; assumed, the explicit engine
// leaves out the states where it holds (and dpor refuses to assume it).
func TestBoundedNamedWeakInvariant(t *testing.T) {
	src, err := os.ReadFile("../../examples/flag_mutex.cub")
	require.NoError(t, err)
	const item = "unsafe (p q) { Pc[p] = Critical && Pc[q] = Critical }"
	require.Equal(t, 1, strings.Count(string(src), item))
	path := filepath.Join(t.TempDir(), "flag_invariant.cub")
	require.NoError(t, os.WriteFile(path, []byte(strings.Replace(string(src), item, "invariant Mutex (p q) { Pc[p] = Critical && Pc[q] = Critical }", 1)), 0o644))

	code, out, errOut := runCLI(t, "check", path)
	require.Equal(t, exitUnsafe, code, errOut)
	require.Contains(t, out, "Mutex violated")
	for _, engine := range boundedEngines {
		code, out, errOut := runCLI(t, "bounded", "-n", "2", "--engine", engine, path)
		require.Equal(t, exitUnsafe, code, "%s: %s%s", engine, out, errOut)
		require.Contains(t, out, "    Mutex violated (", engine)
		require.Contains(t, out, "    trace: init -> raise(#1) -> raise(#2) -> enter(#1) -> enter(#2) -> Mutex\n", engine)

		code, out, errOut = runCLI(t, "bounded", "-n", "2", "--model", "sc", "--engine", engine, path)
		require.Equal(t, exitSafe, code, "%s: %s%s", engine, out, errOut)
		require.NotContains(t, out, "violated", engine)
	}
	code, out, errOut = runCLI(t, "bounded", "-n", "2", "--engine", "explicit", "--assume-invariants", path)
	require.Equal(t, exitSafe, code, errOut)
	require.Contains(t, out, "invariants assumed, not proved (--assume-invariants): Mutex")
	code, _, errOut = runCLI(t, "bounded", "-n", "2", "--engine", "dpor", "--assume-invariants", path)
	require.Equal(t, exitBadInput, code)
	require.Contains(t, errOut, "invariant Mutex reads state that changes")
}

// TestBoundedCorpusInvariantsHold: bakery_lamport's invariant (Max < 0)
// holds, so bounded stays SAFE with it checked, at n = 2 and 3, with the
// same states as with it assumed (no state is left out); the auto engine
// bounds the steps (Max grows without bound).
func TestBoundedCorpusInvariantsHold(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err)
	file := filepath.Join(dir, "cubicle/bakery_lamport.cub")
	for _, c := range []struct {
		n    string
		want string
	}{
		{"2", "SAFE  sc  n=2 k=6  1992 states"},
		{"3", "SAFE  sc  n=3 k=6  33400 states"},
	} {
		code, out, errOut := runCLI(t, "bounded", "-n", c.n, "--max-states", "100000", file)
		require.Equal(t, exitSafe, code, "%s%s", out, errOut)
		require.Contains(t, out, c.want)
		require.NotContains(t, out, "assumed")
		code, out, errOut = runCLI(t, "bounded", "-n", c.n, "--max-states", "100000", "--assume-invariants", file)
		require.Equal(t, exitSafe, code, "%s%s", out, errOut)
		require.Contains(t, out, c.want)
		require.Contains(t, out, "invariants assumed, not proved (--assume-invariants): invariant[1]")
	}
}

// TestCrosscheckInvariants: crosscheck checks invariants on both sides,
// or (--assume-invariants) trusts them on both, and the engines agree
// either way, on a model whose invariant is false, one whose invariant
// holds, and corpus files whose invariants restrict the initial states
// (false at some, by design: two arbiters, three processes).
func TestCrosscheckInvariants(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err)
	arbiter := filepath.Join(dir, "cubicle-w/cubtso/arbiter_v1_N.cub")
	dekker := filepath.Join(dir, "cubicle-w/cubtso/dekker_2b.cub")
	cases := []struct {
		file   string
		assume bool
		want   []string // regexps of stdout
	}{
		{violatedInvariant, false, []string{`check +UNSAFE`, `invariant\[1\] violated`, `n=2 k=6 +UNSAFE`, `n=3 k=6 +UNSAFE`}},
		{violatedInvariant, true, []string{`check +SAFE`, `invariants assumed, not proved \(--assume-invariants\): invariant\[1\]`, `n=2 k=6 +SAFE +1 state`, `n=3 k=6 +SAFE +1 state`}},
		{"testdata/frontend/true_invariant.cub", false, []string{`check +SAFE`, `invariants proved: Mutex`, `n=2 k=6 +SAFE`, `n=3 k=6 +SAFE`}},
		{"testdata/frontend/true_invariant.cub", true, []string{`check +SAFE`, `invariants assumed, not proved \(--assume-invariants\): Mutex`, `n=3 k=6 +SAFE`}},
		{arbiter, false, []string{`check +UNSAFE`, `invariant\[1\] violated`, `trace: replays with 2 processes \(0 steps`, `n=2 k=6 +UNSAFE`, `n=3 k=6 +UNSAFE`}},
		{arbiter, true, []string{`check +SAFE`, `n=2 k=6 +SAFE +35 states`, `n=3 k=6 +SAFE +127 states`}},
		{dekker, false, []string{`check +UNSAFE`, `trace: replays with 3 processes \(0 steps`, `n=2 k=6 +SAFE +606 states`, `n=3 k=6 +UNSAFE`}},
		{dekker, true, []string{`check +SAFE`, `n=2 k=6 +SAFE +606 states`, `n=3 k=6 +SAFE +734 states`}},
	}
	for _, c := range cases {
		args := []string{"crosscheck", "--max-n", "3", "--timeout", "0", "--max-nodes", "2000", "--max-executions", "100000"}
		if c.assume {
			args = append(args, "--assume-invariants")
		}
		code, out, errOut := runCLI(t, append(args, c.file)...)
		require.Equal(t, exitSafe, code, "%s assume=%v:\n%s%s", c.file, c.assume, out, errOut)
		require.Contains(t, out, "agree", c.file)
		require.NotContains(t, out, "DISAGREE", c.file)
		require.NotContains(t, out, "note:", "%s: every instance decided\n%s", c.file, out)
		for _, w := range c.want {
			require.Regexp(t, w, out, "%s assume=%v", c.file, c.assume)
		}
	}
}

// TestCrosscheckInvariantsPeer: SPIN, the peer, looks for the violations
// of invariants checked (UNSAFE, as the bounded engine), and cannot be
// given assumed ones (the exports cannot leave states out): a note says so.
func TestCrosscheckInvariantsPeer(t *testing.T) {
	code, out, errOut := runCLI(t, "crosscheck", "--peer", "spin", "--max-n", "2", "--timeout", "0", violatedInvariant)
	require.Equal(t, exitSafe, code, errOut+out)
	require.Regexp(t, `n=2 k=6 +UNSAFE +SPIN: \d+ states`, out)
	require.Contains(t, out, "agree\n")
	require.NotContains(t, out, "note:")

	code, out, errOut = runCLI(t, "crosscheck", "--peer", "spin", "--max-n", "2", "--timeout", "0", "--assume-invariants", violatedInvariant)
	require.Equal(t, exitSafe, code, errOut+out)
	require.Contains(t, out, "note: n=2 cannot be exported to SPIN: testdata/violated_invariant.cub:7:1: the exports do not support assumed invariants")
	require.NotRegexp(t, `SPIN: \d+ states`, out)
	require.Contains(t, out, "agree\n")
}
