package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// firstWords returns the first word of every line of out that does not
// start with a blank: the file names of text results.
func firstWords(out string) []string {
	var files []string
	for _, line := range strings.Split(out, "\n") {
		if line != "" && line[0] != ' ' {
			files = append(files, strings.Fields(line)[0])
		}
	}
	return files
}

func TestCheckDirectory(t *testing.T) {
	code, out, errs := cubew(t, "check", "testdata/junit")
	require.Equal(t, exitBadInput, code, "bad_syntax.cub is bad input")
	require.Equal(t, []string{"testdata/junit/broken.cub", "testdata/junit/expected_unsafe.cub", "testdata/junit/fine.cub"},
		firstWords(out), "every .cub file of the folder, in lexical order")
	require.Contains(t, errs, "testdata/junit/bad_syntax.cub:4:1: ")

	empty := t.TempDir()
	code, _, errs = cubew(t, "check", empty)
	require.Equal(t, exitBadInput, code)
	require.Equal(t, "cubew: "+empty+": no .cub files in this directory\n", errs)
}

// cubewStdin runs the command line in-process with stdin as its standard
// input (run reads the process's own).
func cubewStdin(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	root := newRootCmd()
	root.SetArgs(args)
	root.SetIn(strings.NewReader(stdin))
	root.SetOut(&stdout)
	root.SetErr(&stderr)
	code := exitCode(root.ExecuteContext(context.Background()), func(msg string) { stderr.WriteString("cubew: " + msg + "\n") })
	return code, stdout.String(), stderr.String()
}

func TestCheckStdin(t *testing.T) {
	src, err := os.ReadFile("testdata/check_then_set.cub")
	require.NoError(t, err)
	code, out, errs := cubewStdin(t, string(src), "check", "-", "testdata/token_mutex.cub")
	require.Equal(t, exitUnsafe, code, errs)
	require.Equal(t, []string{"-", "testdata/token_mutex.cub"}, firstWords(out))
	require.Contains(t, out, "-                         UNSAFE  sc")

	bad := strings.Replace(string(src), "Busy = False }", "Busy == False }", 1)
	code, _, errs = cubewStdin(t, bad, "check", "-")
	require.Equal(t, exitBadInput, code)
	require.Equal(t, "<stdin>:10:36: syntax error: `==` is not an operator: comparison is `=`, assignment `:=`\n", errs)
}

// TestParallelOrder checks that -j 4 prints what -j 1 prints, in input
// order, with the same verdicts.
func TestParallelOrder(t *testing.T) {
	files := []string{"testdata/token_mutex.cub", "testdata/flag_mutex.cub", "testdata/check_then_set.cub",
		"testdata/flag_mutex_fenced.cub", "testdata/own_cell.cub", "testdata/final_reads.cub"}
	code1, out1, errs1 := cubew(t, append([]string{"check", "-j", "1"}, files...)...)
	code4, out4, errs4 := cubew(t, append([]string{"check", "-j", "4"}, files...)...)
	require.Equal(t, exitUnsafe, code1, errs1)
	require.Equal(t, code1, code4, errs4)
	require.Equal(t, files, firstWords(out4), "input order")
	require.Equal(t, normalize(out1), normalize(out4))

	code, _, errs := cubew(t, "check", "-j", "0", files[0])
	require.Equal(t, exitBadInput, code)
	require.Equal(t, "cubew: -j must be at least 1\n", errs)
}

func TestExpect(t *testing.T) {
	// broken.cub is UNSAFE but its want file expects SAFE;
	// expected_unsafe.cub is UNSAFE under tso as its want file says.
	code, _, errs := cubew(t, "check", "--expect", "testdata/junit/expected_unsafe.cub", "testdata/junit/fine.cub")
	require.Equal(t, exitSafe, code, "every verdict as expected, UNSAFE included: %s", errs)
	require.Empty(t, errs)

	code, _, errs = cubew(t, "check", "--expect", "testdata/junit/broken.cub", "testdata/junit/expected_unsafe.cub")
	require.Equal(t, exitUnsafe, code)
	require.Equal(t, "cubew: testdata/junit/broken.cub: check sc: got UNSAFE, want SAFE\n", errs)

	code, _, _ = cubew(t, "check", "--expect", "testdata/junit")
	require.Equal(t, exitBadInput, code, "bad input wins")

	code, _, errs = cubew(t, "bounded", "-n", "2", "--expect", "testdata/junit/broken.cub")
	require.Equal(t, exitSafe, code, "broken.want: bounded sc n=2 UNSAFE: %s", errs)

	dir := t.TempDir()
	model, err := os.ReadFile("testdata/junit/fine.cub")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "m.cub"), model, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "m.want"), []byte("check sc SAFE\nchek tso UNSAFE\n"), 0o644))
	code, _, errs = cubew(t, "check", "--expect", filepath.Join(dir, "m.cub"))
	require.Equal(t, exitBadInput, code, "a want file with a typo is bad input, never skipped")
	require.Equal(t, filepath.Join(dir, "m.want")+":2:1: unknown engine `chek` (want check or bounded); did you mean `check`?\n", errs)
}

func TestWantLines(t *testing.T) {
	cases := []struct{ line, want string }{
		{"chek tso UNSAFE", "1: unknown engine `chek` (want check or bounded); did you mean `check`?"},
		{"check tos UNSAFE", "7: unknown memory model `tos` (want sc, tso or pso); did you mean `tso`?"},
		{"check x86 UNSAFE", "7: unknown memory model `x86` (want sc, tso or pso)"},
		{"check tso UNSFAE", "11: unknown verdict `UNSFAE` (want SAFE, UNSAFE or UNKNOWN)"},
		{"check tso", "1: want `engine model [params] verdict`, as in `check tso UNSAFE`"},
		{"bounded tso UNSAFE", "1: a bounded question needs the instance's n=N"},
		{"bounded tso n=two UNSAFE", "13: parameter `n=two`: want n=N or k=K"},
		{"bounded tso n=0 UNSAFE", "13: parameter `n=0`: want n=N or k=K"},
		{"  check sc k=2 SAFE", "12: parameter `k=2`: check questions have none (n= and k= are for bounded)"},
		{"check TSO unsafe", ""},
		{"bounded PSO n=2 k=4 Safe", ""},
		{"# chek tso UNSAFE", ""},
	}
	for _, c := range cases {
		w, col, msg := parseWantLine(c.line)
		got := ""
		if msg != "" {
			got = fmt.Sprintf("%d: %s", col+1, msg)
		}
		require.Equal(t, c.want, got, c.line)
		if c.want == "" && !strings.HasPrefix(c.line, "#") {
			require.NotNil(t, w, c.line)
			require.Equal(t, strings.ToLower(strings.Fields(c.line)[1]), w.Model, "models are case-insensitive")
		}
	}
	require.Len(t, cases, 12)
}

func TestSARIF(t *testing.T) {
	code, out, _ := cubew(t, "check", "--format", "sarif", "testdata/junit/broken.cub", "testdata/junit/expected_unsafe.cub",
		"testdata/junit/fine.cub", "testdata/junit/bad_syntax.cub")
	require.Equal(t, exitBadInput, code)
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Level     string `json:"level"`
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine, StartColumn int }
					}
				}
				CodeFlows []struct {
					ThreadFlows []struct {
						Locations []struct {
							Location struct {
								PhysicalLocation struct {
									Region struct{ StartLine int }
								}
								Message struct{ Text string }
							}
						}
					}
				}
			}
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &log), out)
	require.Equal(t, "2.1.0", log.Version)
	require.Len(t, log.Runs, 1)
	res := log.Runs[0].Results
	require.Len(t, res, 3, "broken (error), expected_unsafe (note), bad_syntax (input error); fine is SAFE as expected")

	broken := res[0]
	require.Equal(t, "unsafe", broken.RuleID)
	require.Equal(t, "error", broken.Level)
	require.Equal(t, "testdata/junit/broken.cub", broken.Locations[0].PhysicalLocation.ArtifactLocation.URI)
	require.Equal(t, 12, broken.Locations[0].PhysicalLocation.Region.StartLine, "the unsafe formula's line")
	steps := broken.CodeFlows[0].ThreadFlows[0].Locations
	require.Len(t, steps, 5, "four transitions, then the unsafe formula")
	var lines []int
	for _, s := range steps {
		lines = append(lines, s.Location.PhysicalLocation.Region.StartLine)
	}
	require.Equal(t, []int{14, 14, 18, 18, 12}, lines)
	require.Equal(t, "1. check(#2)", steps[0].Location.Message.Text)

	require.Equal(t, "unsafe", res[1].RuleID)
	require.Equal(t, "note", res[1].Level, "expected_unsafe.want expects UNSAFE")

	require.Equal(t, "input-error", res[2].RuleID)
	require.Equal(t, 4, res[2].Locations[0].PhysicalLocation.Region.StartLine)
}

func TestCubicleFlags(t *testing.T) {
	cases := []struct {
		args []string
		code int
		errs string
	}{
		{[]string{"check", "-brab", "2", "testdata/token_mutex.cub"}, exitSafe,
			"cubew: note: -brab is Cubicle's spelling; cubew's is --brab\n"},
		{[]string{"check", "-nodes", "1000", "testdata/token_mutex.cub"}, exitSafe,
			"cubew: note: -nodes is Cubicle's spelling; cubew's is --max-nodes\n"},
		{[]string{"check", "-search", "dfs", "testdata/token_mutex.cub"}, exitSafe,
			"cubew: note: -search is Cubicle's spelling; cubew's is --search\n"},
		{[]string{"check", "-dot", "1", "testdata/token_mutex.cub"}, exitBadInput,
			"cubew: -dot: Cubicle's -dot takes a level; cubew's --dot takes the FILE to write the search graph to (a directory for several models)\n"},
		{[]string{"check", "--modle", "tso", "testdata/token_mutex.cub"}, exitBadInput,
			"cubew: unknown flag: --modle; did you mean --model?\n"},
		{[]string{"check", "--model", "SC", "testdata/token_mutex.cub"}, exitSafe, ""},
		{[]string{"check", "--format", "JSON", "--search", "DFS", "testdata/token_mutex.cub"}, exitSafe, ""},
		{[]string{"bounded", "testdata/token_mutex.cub"}, exitBadInput,
			"cubew: bounded: -n N is required: the number of processes of the instance, as in `cubew bounded -n 2 testdata/token_mutex.cub`\n"},
	}
	for _, c := range cases {
		code, _, errs := cubew(t, c.args...)
		require.Equal(t, c.code, code, "%q: %s", c.args, errs)
		require.Equal(t, c.errs, errs, "%q", c.args)
	}

	dot := filepath.Join(t.TempDir(), "search.dot")
	code, _, errs := cubew(t, "check", "-dot", dot, "testdata/token_mutex.cub")
	require.Equal(t, exitSafe, code, errs)
	require.FileExists(t, dot, "-dot FILE is --dot FILE")

	code, _, errs = cubew(t, "check", "-v", "testdata/token_mutex.cub")
	require.Equal(t, exitSafe, code)
	require.Contains(t, errs, "nodes visited", "-v is verbose in both")
}

// TestEngineErrorNamesFileOnce checks that an engine's error that already
// gives a position in the file does not get the file's name twice (the
// dpor engine assumes only invariants over constants).
func TestEngineErrorNamesFileOnce(t *testing.T) {
	code, _, errs := cubew(t, "bounded", "-n", "2", "--engine", "dpor", "--assume-invariants", "testdata/frontend/true_invariant.cub")
	require.Equal(t, exitBadInput, code)
	require.True(t, strings.HasPrefix(errs, "cubew: testdata/frontend/true_invariant.cub:6:1: invariant Mutex reads state that changes"), errs)
	// The auto engine runs it with the explicit engine instead.
	code, _, errs = cubew(t, "bounded", "-n", "2", "-v", "--assume-invariants", "testdata/frontend/true_invariant.cub")
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, errs, "auto chose explicit: the dpor engine cannot run this model (testdata/frontend/true_invariant.cub:6:1: invariant Mutex reads state that changes")
	// An unnamed item says "invariant" once.
	code, _, errs = cubew(t, "bounded", "-n", "2", "--engine", "dpor", "--assume-invariants", "testdata/unnamed_invariant.cub")
	require.Equal(t, exitBadInput, code)
	require.True(t, strings.HasPrefix(errs, "cubew: testdata/unnamed_invariant.cub:5:1: invariant[1] reads state that changes"), errs)
	// crosscheck too.
	code, _, errs = cubew(t, "crosscheck", "testdata/weak_int_nondet.cub")
	require.Equal(t, exitBadInput, code)
	require.Equal(t, "testdata/weak_int_nondet.cub:6:27: a nondeterministic value for weak variable X of type int is not supported (only enumerations, bool and proc)\n", errs)
}

func TestParseDirectoryAndStdin(t *testing.T) {
	code, out, errs := cubew(t, "parse", "testdata/frontend")
	require.Equal(t, exitBadInput, code, "big_constant.cub is bad")
	require.Equal(t, 5, strings.Count(out, ": ok: "), "every other file of the folder: %s", out)
	require.Contains(t, errs, "testdata/frontend/big_constant.cub:1:1: number_procs 32769 is out of range")

	code, out, errs = cubewStdin(t, "var X : int\ninit () { X = 0 }\nunsafe () { X = 1 }\n", "parse", "-")
	require.Equal(t, exitSafe, code, errs)
	require.Equal(t, "-: ok: 0 types, 1 variable (0 weak), 0 transitions, 1 unsafe formula\n", out)
}

// TestJobsShareCores checks how -j splits its cores between files and
// their searches, and that one file checked with all four cores in its
// search prints what it prints with one (the node counts included).
func TestJobsShareCores(t *testing.T) {
	for _, c := range []struct{ jobs, files, want int }{{4, 1, 4}, {4, 2, 2}, {4, 3, 1}, {4, 8, 1}, {1, 1, 1}, {3, 0, 3}} {
		require.Equal(t, c.want, searchCores(withSearchCores(context.Background(), c.jobs, c.files)), "-j %d, %d files", c.jobs, c.files)
	}
	require.Equal(t, 1, searchCores(context.Background()))
	for _, file := range []string{"../../examples/sense_barrier.cub", "../../examples/peterson.cub"} {
		code1, out1, errs1 := cubew(t, "check", "-j", "1", file)
		code4, out4, errs4 := cubew(t, "check", "-j", "4", file)
		require.Equal(t, code1, code4, errs1+errs4)
		require.Contains(t, out1, " nodes ")
		// Only the time may differ: not the verdict, nodes or solver calls.
		require.Equal(t, textSeconds.ReplaceAllString(out1, "0.000s"), textSeconds.ReplaceAllString(out4, "0.000s"))
	}
}
