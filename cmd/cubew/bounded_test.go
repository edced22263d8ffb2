package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// runCLI runs the command line in-process: exit status, stdout, stderr.
func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestBoundedVerdicts(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		code int
		want []string // substrings of stdout
	}{
		{"unsafe under tso", []string{"bounded", "-n", "2", "../../examples/flag_mutex.cub"}, exitUnsafe,
			[]string{"UNSAFE", "tso", "n=2 k=6", "trace: init -> raise(#1) -> raise(#2) -> enter(#1) -> enter(#2) -> unsafe[1]"}},
		{"safe with a fence", []string{"bounded", "-n", "2", "--engine", "dpor", "../../examples/flag_mutex_fenced.cub"}, exitSafe,
			[]string{"SAFE", "n=2 k=6", "6 executions  10 blocked", "reason: safe up to 6 steps per process"}},
		// auto: dpor reaches the steps bound, the explicit engine decides
		// the whole state space: 15 orbits of 27 states (TestBoundedSymmetry).
		{"auto on a loop", []string{"bounded", "-n", "2", "../../examples/flag_mutex_fenced.cub"}, exitSafe,
			[]string{"SAFE", "tso  n=2  15 states"}},
		{"sc is safe", []string{"bounded", "-n", "2", "--model", "sc", "--steps", "4", "../../examples/flag_mutex.cub"}, exitSafe,
			[]string{"SAFE", "sc", "n=2 k=4"}},
		{"explicit engine", []string{"bounded", "-n", "2", "--engine", "explicit", "../../examples/flag_mutex.cub"}, exitUnsafe,
			[]string{"UNSAFE", "states"}},
		{"pso store buffering", []string{"bounded", "-n", "2", "--model", "pso", "../../examples/litmus/sb.cub"}, exitUnsafe,
			[]string{"UNSAFE", "pso"}},
		{"limit", []string{"bounded", "-n", "3", "--engine", "dpor", "--max-executions", "1", "../../examples/spin_lock.cub"}, exitUnknown,
			[]string{"UNKNOWN", "reason: execution limit 1 reached"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, tc.args...)
			require.Equal(t, tc.code, code, "stdout:\n%s\nstderr:\n%s", out, errOut)
			for _, w := range tc.want {
				require.Contains(t, out, w)
			}
		})
	}
}

func TestBoundedTraceAndStats(t *testing.T) {
	code, out, errOut := runCLI(t, "bounded", "-v", "-n", "2", "--trace", "../../examples/flag_mutex.cub")
	require.Equal(t, exitUnsafe, code)
	// The counterexample with its events: reads from init, buffered writes.
	require.Contains(t, out, "counterexample with 2 processes")
	require.Contains(t, out, "R Flag[#2] = False  from init")
	require.Contains(t, out, "(pending)")
	// auto keeps dpor's counterexample, found in the first execution.
	require.Contains(t, errOut, "auto chose dpor: dpor found an unsafe state within 1000 executions")
	require.Contains(t, errOut, "dpor tso n=2 k=6: 1 execution, 0 blocked, 1 initial states, 8 cache hits, ")
	require.Contains(t, out, "UNSAFE  tso  n=2 k=6  1 execution  0 blocked")

	// The fenced mutex: 6 complete graphs, 10 blocked ones (mutex_N with
	// n = 2, two rounds, in dpor's TestMutexMultinomial), and the memo of
	// unsafe evaluations answers 92 of them.
	code, _, errOut = runCLI(t, "bounded", "-v", "-n", "2", "--engine", "dpor", "../../examples/flag_mutex_fenced.cub")
	require.Equal(t, exitSafe, code)
	require.Contains(t, errOut, "dpor tso n=2 k=6: 6 executions, 10 blocked, 1 initial states, 92 cache hits, ")
	require.NotContains(t, errOut, "auto chose")
}

// TestBoundedJUnitWant: a .want line without k= holds for the default
// steps bound too, and a line with the run's k wins over it.
func TestBoundedJUnitWant(t *testing.T) {
	report := filepath.Join(t.TempDir(), "report.xml")
	// flag_mutex.want: `bounded tso n=2 UNSAFE` (no k=), and k=6 by default.
	code, _, errOut := runCLI(t, "bounded", "-n", "2", "--junit", report, "testdata/flag_mutex.cub")
	require.Equal(t, exitUnsafe, code, errOut)
	r := readReport(t, report)
	require.Equal(t, 1, r.Tests)
	require.Equal(t, 0, r.Failures, "UNSAFE is expected by `bounded tso n=2 UNSAFE`")
	require.Equal(t, "bounded tso n=2 k=6", r.Suites[0].Cases[0].Name)

	// `bounded sc n=2 k=4 SAFE` is for k=4 only: at n=2 k=6 no line
	// matches, SAFE is expected, and check_then_set is UNSAFE.
	code, _, _ = runCLI(t, "bounded", "-n", "2", "--junit", report, "testdata/check_then_set.cub")
	require.Equal(t, exitUnsafe, code)
	r = readReport(t, report)
	require.Equal(t, 0, r.Failures, "check_then_set.want: `bounded sc n=2 UNSAFE`")
}

func TestBoundedJSON(t *testing.T) {
	code, out, _ := runCLI(t, "bounded", "-n", "2", "--engine", "dpor", "--format", "json", "../../examples/flag_mutex.cub", "../../examples/flag_mutex_fenced.cub")
	require.Equal(t, exitUnsafe, code)
	var doc struct {
		Version int    `json:"version"`
		Command string `json:"command"`
		Results []struct {
			File       string `json:"file"`
			Engine     string `json:"engine"`
			Model      string `json:"model"`
			N, K       int
			Verdict    string `json:"verdict"`
			Executions int    `json:"executions"`
			Blocked    *int   `json:"blocked"`
			Trace      *struct {
				Execution *struct {
					Events []any `json:"events"`
				} `json:"execution"`
			} `json:"trace"`
		} `json:"results"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	require.Equal(t, 1, doc.Version)
	require.Equal(t, "bounded", doc.Command)
	require.Len(t, doc.Results, 2)
	r0, r1 := doc.Results[0], doc.Results[1]
	require.Equal(t, "dpor", r0.Engine)
	require.Equal(t, "unsafe", r0.Verdict)
	require.Equal(t, 2, r0.N)
	require.Equal(t, 6, r0.K)
	require.NotNil(t, r0.Trace)
	require.NotNil(t, r0.Trace.Execution)
	require.Len(t, r0.Trace.Execution.Events, 4)
	require.Equal(t, "safe", r1.Verdict)
	require.Equal(t, 6, r1.Executions)
	require.Nil(t, r0.Blocked, "no blocked graph: the key is absent")
	require.NotNil(t, r1.Blocked)
	require.Equal(t, 10, *r1.Blocked)
}

func TestBoundedUsage(t *testing.T) {
	for _, args := range [][]string{
		{"bounded", "../../examples/flag_mutex.cub"},            // -n missing
		{"bounded", "-n", "0", "../../examples/flag_mutex.cub"}, // no process
		{"bounded", "-n", "2", "--steps", "-1", "../../examples/flag_mutex.cub"},
		{"bounded", "-n", "2", "--engine", "bfs", "../../examples/flag_mutex.cub"},
		{"bounded", "-n", "2", "--model", "arm", "../../examples/flag_mutex.cub"},
		{"bounded", "-n", "2", "no/such/file.cub"},
		{"bounded", "-n", "2"},
	} {
		code, _, errOut := runCLI(t, args...)
		require.Equal(t, exitBadInput, code, "%v: %s", args, errOut)
		require.NotEmpty(t, errOut, "%v", args)
	}
	// An instance the engine cannot run is bad input: more processes than
	// number_procs.
	code, _, errOut := runCLI(t, "bounded", "-n", "3", "../../examples/litmus/sb.cub")
	require.Equal(t, exitBadInput, code)
	require.Contains(t, errOut, "exceed number_procs")
}

// TestBoundedSymmetry: bounded counts the fenced mutex's states up to
// swapping its two processes by default, and every state with
// --symmetry=false. Of its 27 states, 3 are their own mirror image (both
// idle; both raised with both flags pending; both raised with both
// flushed: a process cannot be critical or leaving while the other is), so
// by Burnside's lemma there are (27 + 3) / 2 = 15 orbits. A model that
// names a process is explored without reduction, and -v says why.
func TestBoundedSymmetry(t *testing.T) {
	code, out, errOut := runCLI(t, "bounded", "-v", "-n", "2", "--engine", "explicit", "--symmetry=false", "../../examples/flag_mutex_fenced.cub")
	require.Equal(t, exitSafe, code)
	require.Contains(t, out, "n=2  27 states")
	require.NotContains(t, errOut, "permutations")
	for _, engine := range []string{"explicit", "auto"} {
		code, out, errOut = runCLI(t, "bounded", "-v", "-n", "2", "--engine", engine, "../../examples/flag_mutex_fenced.cub")
		require.Equal(t, exitSafe, code, engine)
		require.Contains(t, out, "n=2  15 states", engine)
		require.Contains(t, errOut, "explicit tso n=2: 15 states up to process permutations (1 initial)", engine)
	}
	dir := t.TempDir()
	named := filepath.Join(dir, "named.cub")
	require.NoError(t, os.WriteFile(named, []byte(`number_procs 2
type loc = A | B
array PC[proc] : loc
init (p) { PC[p] = A }
unsafe (p) { PC[p] = B && PC[#1] = B }
transition go ([p]) requires { PC[p] = A } { PC[p] := B }
`), 0o644))
	code, out, errOut = runCLI(t, "bounded", "-v", "-n", "2", "--engine", "explicit", named)
	require.Equal(t, exitUnsafe, code, "stdout:\n%s\nstderr:\n%s", out, errOut)
	require.NotContains(t, errOut, "up to process permutations")
	require.Contains(t, errOut, "no symmetry reduction: processes are not interchangeable ("+named+":5:30: process constant #1)")
}
