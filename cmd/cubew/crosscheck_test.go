package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

func TestCrosscheckAgrees(t *testing.T) {
	code, out, errOut := runCLI(t, "crosscheck", "--max-n", "3", "--timeout", "0",
		"../../examples/litmus/sb.cub", "../../examples/flag_mutex_fenced.cub", "../../examples/flag_mutex.cub")
	require.Equal(t, exitSafe, code, "stdout:\n%s\nstderr:\n%s", out, errOut)
	require.Contains(t, out, "trace: replays with 2 processes")
	require.Contains(t, out, "note: n=3 exceeds number_procs 2")
	// States up to process permutations by default: 224 orbits of the
	// 1078 states (dpor.TestSymmetryBurnside counts them by Burnside's
	// lemma); --symmetry=false counts every state, with the same verdicts.
	require.Regexp(t, `flag_mutex_fenced.cub +tso +n=3 k=6 +SAFE +224 states`, out)
	require.NotContains(t, out, "DISAGREE")
	code, out, errOut = runCLI(t, "crosscheck", "--max-n", "3", "--timeout", "0", "--symmetry=false",
		"../../examples/litmus/sb.cub", "../../examples/flag_mutex_fenced.cub", "../../examples/flag_mutex.cub")
	require.Equal(t, exitSafe, code, "stdout:\n%s\nstderr:\n%s", out, errOut)
	require.Regexp(t, `flag_mutex_fenced.cub +tso +n=3 k=6 +SAFE +1078 states`, out)
	require.Regexp(t, `flag_mutex_fenced.cub +tso +n=2 k=6 +SAFE +119 states`, out)
	require.NotContains(t, out, "DISAGREE")
}

// fakeCheck returns a parameterized engine that answers res.
func fakeCheck(res *reach.Result) func(context.Context, *translate.System, memmodel.Model) (*reach.Result, float64, error) {
	return func(context.Context, *translate.System, memmodel.Model) (*reach.Result, float64, error) {
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
	m, err := syntax.Load(file, syntax.CheckOptions{})
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

// crosscheckGolden are the models of the crosscheck goldens: an UNSAFE
// model whose counterexample replays, and a SAFE one.
var crosscheckGolden = []string{"testdata/flag_mutex.cub", "testdata/flag_mutex_fenced.cub"}

// TestGoldenCrosscheck pins crosscheck's three outputs: text, JSON and
// the JUnit report, on models where the engines agree.
func TestGoldenCrosscheck(t *testing.T) {
	args := append([]string{"crosscheck", "--max-n", "2", "--timeout", "0"}, crosscheckGolden...)
	code, out, errs := cubew(t, args...)
	require.Equal(t, exitSafe, code, errs)
	require.Empty(t, errs)
	golden(t, "crosscheck.txt", normalize(out))

	code, out, errs = cubew(t, append(args, "--format", "json")...)
	require.Equal(t, exitSafe, code, errs)
	require.NotContains(t, out, "null")
	golden(t, "crosscheck.json", normalize(out))
	doc := decodeJSON(t, out)
	require.Equal(t, "crosscheck", doc.Command)
	require.Len(t, doc.Results, 2)
	unsafe, safe := doc.Results[0], doc.Results[1]
	require.Equal(t, "crosscheck", unsafe.Engine)
	require.Equal(t, "unsafe", unsafe.Verdict)
	// check's counterexample with the execution of its replay: the trace
	// check --format json gives.
	_, checkOut, _ := cubew(t, "check", "--format", "json", crosscheckGolden[0])
	require.Equal(t, decodeJSON(t, checkOut).Results[0].Trace, unsafe.Trace)
	require.Len(t, unsafe.Trace.Execution.Events, 4)
	require.Equal(t, &jsonCross{Agree: true, Replay: "replays with 2 processes (4 steps with flushes)",
		Bounded: unsafe.Cross.Bounded, Notes: []string{}, Disagreements: []string{}}, unsafe.Cross)
	require.Len(t, unsafe.Cross.Bounded, 1)
	require.Equal(t, "dpor", unsafe.Cross.Bounded[0].Engine)
	require.Equal(t, "unsafe", unsafe.Cross.Bounded[0].Verdict)
	require.Equal(t, 2, unsafe.Cross.Bounded[0].N)
	require.Equal(t, 6, unsafe.Cross.Bounded[0].K)
	require.Equal(t, "safe", safe.Verdict)
	require.True(t, safe.Cross.Agree)
	require.Equal(t, "safe", safe.Cross.Bounded[0].Verdict)
	// auto: dpor reaches the steps bound, the explicit engine answers.
	require.Equal(t, "explicit", safe.Cross.Bounded[0].Engine)
	require.Equal(t, 63, safe.States, "the instances' orbits added up (119 states, TestSymmetryBurnside)")
	require.Zero(t, safe.Executions)

	report := filepath.Join(t.TempDir(), "report.xml")
	code, _, errs = cubew(t, append(args, "--junit", report)...)
	require.Equal(t, exitSafe, code, errs)
	data, err := os.ReadFile(report)
	require.NoError(t, err)
	golden(t, "crosscheck.junit.xml", normalize(string(data)))
}

// TestCrosscheckJUnit: one case per (file, model); a case fails when the
// engines disagree, when check's verdict is not the expected one, or
// both; a file that does not parse is a case in error. Disagreement (4)
// wins over bad input (2) in the exit status.
func TestCrosscheckJUnit(t *testing.T) {
	const flag = "testdata/flag_mutex.cub" // .want: check tso UNSAFE
	report := filepath.Join(t.TempDir(), "report.xml")
	// run crosschecks files; a nil res runs the real parameterized engine.
	run := func(res *reach.Result, format formatFlag, files ...string) (int, string) {
		o := &crosscheckOpts{maxN: 2, steps: 6, maxNodes: 1000, maxExecutions: 10000, format: format, junit: report}
		if res != nil {
			o.check = fakeCheck(res)
		}
		var out, errOut bytes.Buffer
		code := exitCode(o.run(context.Background(), &out, &errOut, files, false), func(string) {})
		return code, out.String()
	}

	// check says SAFE where flag_mutex is UNSAFE: the engines disagree and
	// the verdict is not the expected one.
	code, _ := run(&reach.Result{Verdict: translate.Safe}, "text", flag, "testdata/junit/bad_syntax.cub")
	require.Equal(t, exitDisagreement, code)
	r := readReport(t, report)
	require.Equal(t, 2, r.Tests)
	require.Equal(t, 1, r.Failures)
	require.Equal(t, 1, r.Errors)
	c := r.Suites[0].Cases[0]
	require.Equal(t, "crosscheck tso", c.Name)
	require.Equal(t, junitClass(flag), c.Classname)
	require.NotNil(t, c.Failure)
	require.Equal(t, "DISAGREE", c.Failure.Type)
	const disagree = "check says SAFE but the instance with n=2 reaches unsafe[1]: init -> raise(#1) -> raise(#2) -> enter(#1) -> enter(#2) -> unsafe[1]"
	require.Equal(t, "got SAFE, want UNSAFE; the engines disagree: "+disagree, c.Failure.Message)
	require.Equal(t, "got SAFE, want UNSAFE\nDISAGREE: "+disagree+"\n", c.Failure.Text)
	require.Contains(t, c.SystemOut, "DISAGREE: "+disagree)
	require.Contains(t, c.SystemOut, "1 disagreement\n")
	require.Equal(t, "crosscheck", r.Suites[1].Cases[0].Name)
	require.Contains(t, r.Suites[1].Cases[0].Error.Message, "bad_syntax.cub:4:1: syntax error")

	// Without the disagreement, bad input gives 2.
	m, err := syntax.Load(flag, syntax.CheckOptions{})
	require.NoError(t, err)
	good := fakeTrace(m, 2, "unsafe[1]", "raise", []int{1}, "raise", []int{2}, "enter", []int{1}, "enter", []int{2})
	code, _ = run(&reach.Result{Verdict: translate.Unsafe, Trace: good}, "text", flag, "testdata/junit/bad_syntax.cub")
	require.Equal(t, exitBadInput, code)
	r = readReport(t, report)
	require.Equal(t, 0, r.Failures, "agree, and UNSAFE is expected")
	require.Equal(t, 1, r.Errors)

	// The engines agree, the verdict is not the expected one (no .want).
	code, out := run(nil, "json", "testdata/junit/broken.cub")
	require.Equal(t, exitSafe, code, out)
	r = readReport(t, report)
	require.Equal(t, 1, r.Failures)
	f := r.Suites[0].Cases[0].Failure
	require.Equal(t, "UNSAFE", f.Type)
	require.Equal(t, "got UNSAFE, want SAFE: init -> check(#2) -> check(#1) -> take(#1) -> take(#2) -> unsafe[1]", f.Message)
	require.True(t, decodeJSON(t, out).Results[0].Cross.Agree)

	// A counterexample that does not replay has no execution; the JSON
	// says why.
	bad := fakeTrace(m, 2, "unsafe[1]", "raise", []int{1}, "enter", []int{1}, "enter", []int{2})
	code, out = run(&reach.Result{Verdict: translate.Unsafe, Trace: bad}, "json", flag)
	require.Equal(t, exitDisagreement, code)
	tr := decodeJSON(t, out).Results[0].Trace
	require.Nil(t, tr.Execution)
	require.Equal(t, "no execution with 2 processes under tso fires these 3 steps in any interleaving of its processes and ends in a state where unsafe[1] holds", tr.Error)

	// JSON with a disagreement: the same exit status, agree false.
	code, out = run(&reach.Result{Verdict: translate.Safe}, "json", flag)
	require.Equal(t, exitDisagreement, code)
	doc := decodeJSON(t, out)
	require.False(t, doc.Results[0].Cross.Agree)
	require.Equal(t, []string{disagree}, doc.Results[0].Cross.Disagreements)
	require.Equal(t, "unsafe", doc.Results[0].Cross.Bounded[0].Verdict)
}
