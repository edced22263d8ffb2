package main

import (
	"bytes"
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

func TestCrosscheckAgrees(t *testing.T) {
	code, out, errOut := runCLI(t, "crosscheck", "--max-n", "3",
		"../../examples/litmus/sb.cub", "../../examples/flag_mutex_fenced.cub", "../../examples/flag_mutex.cub")
	require.Equal(t, exitSafe, code, "stdout:\n%s\nstderr:\n%s", out, errOut)
	require.Contains(t, out, "trace: replays with 2 processes")
	require.Contains(t, out, "note: n=3 exceeds number_procs 2")
	require.Regexp(t, `flag_mutex_fenced.cub +tso +n=3 k=6 +SAFE +90 executions`, out)
	require.NotContains(t, out, "DISAGREE")
}

// fakeCheck returns a parameterized engine that answers res.
func fakeCheck(res *reach.Result) func(context.Context, *syntax.Model, memmodel.Model) (*reach.Result, float64, error) {
	return func(context.Context, *syntax.Model, memmodel.Model) (*reach.Result, float64, error) {
		return res, 0, nil
	}
}

// fakeTrace builds a counterexample of m from transition names and
// processes.
func fakeTrace(m *syntax.Model, procs int, unsafe string, steps ...any) *reach.Trace {
	tr := &reach.Trace{Procs: procs, Unsafe: unsafe}
	for i := 0; i < len(steps); i += 2 {
		name, args := steps[i].(string), steps[i+1].([]int)
		k := slices.IndexFunc(m.Transitions, func(t *syntax.Transition) bool { return t.Name == name })
		tr.Steps = append(tr.Steps, reach.Step{Transition: &translate.Transition{Name: name, Pos: m.Transitions[k].Pos}, Args: args})
	}
	return tr
}

func TestCrosscheckDisagreements(t *testing.T) {
	const file = "../../examples/flag_mutex.cub"
	m, err := load(file, syntax.CheckOptions{})
	require.NoError(t, err)
	good := fakeTrace(m, 2, "unsafe[1]", "raise", []int{1}, "raise", []int{2}, "enter", []int{1}, "enter", []int{2})
	bad := fakeTrace(m, 2, "unsafe[1]", "raise", []int{1}, "enter", []int{1}, "enter", []int{2})
	for _, tc := range []struct {
		name string
		res  *reach.Result
		code int
		want string
	}{
		{"check safe, bounded unsafe", &reach.Result{Verdict: translate.Safe}, exitDisagreement,
			"DISAGREE: check says SAFE but the instance with n=2 reaches unsafe[1]"},
		{"trace does not replay", &reach.Result{Verdict: translate.Unsafe, Trace: bad}, exitDisagreement,
			"DISAGREE: check's counterexample init -> raise(#1) -> enter(#1) -> enter(#2) -> unsafe[1] does not replay with 2 processes"},
		{"trace replays", &reach.Result{Verdict: translate.Unsafe, Trace: good}, exitSafe,
			"trace: replays with 2 processes"},
		{"check unknown", &reach.Result{Verdict: translate.Unknown, Reason: "node limit 1 reached"}, exitSafe,
			"note: check UNKNOWN: nothing to compare (node limit 1 reached)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := &crosscheckOpts{maxN: 2, steps: 6, maxExecutions: 10000, check: fakeCheck(tc.res)}
			var out, errOut bytes.Buffer
			code := exitCode(o.run(context.Background(), &out, &errOut, []string{file}, false), func(string) {})
			require.Equal(t, tc.code, code, "stdout:\n%s\nstderr:\n%s", out.String(), errOut.String())
			require.Contains(t, out.String(), tc.want)
		})
	}
}

func TestCrosscheckUsage(t *testing.T) {
	for _, args := range [][]string{
		{"crosscheck", "--max-n", "1", "../../examples/flag_mutex.cub"},
		{"crosscheck", "--steps", "0", "../../examples/flag_mutex.cub"},
		{"crosscheck", "no/such/file.cub"},
		{"crosscheck"},
	} {
		code, _, errOut := runCLI(t, args...)
		require.Equal(t, exitBadInput, code, "%v: %s", args, errOut)
	}
}
