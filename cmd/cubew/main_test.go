package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// -update rewrites the output goldens under testdata/golden (never a
// .want file: a verdict changes only by a reviewed hand edit).
var update = flag.Bool("update", false, "rewrite the output goldens in testdata/golden")

// cubew runs the command line in-process and returns the exit status and
// what it wrote on stdout and stderr.
func cubew(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

var (
	textSeconds  = regexp.MustCompile(`\b\d+\.\d{3}s\b`)
	jsonSeconds  = regexp.MustCompile(`"seconds": [0-9.e+-]+`)
	junitSeconds = regexp.MustCompile(`time="[0-9.]+"`)
	textWork     = regexp.MustCompile(`\b\d+ (nodes?|solver calls?)\b`)
	jsonWork     = regexp.MustCompile(`"(nodes|solver_calls)": \d+`)
)

// normalize removes times from an output, and the work counts of the
// search (which change whenever reach gets faster), so goldens stay
// stable; verdicts, traces and layout stay pinned.
func normalize(s string) string {
	s = textSeconds.ReplaceAllString(s, "0.000s")
	s = jsonSeconds.ReplaceAllString(s, `"seconds": 0`)
	s = textWork.ReplaceAllStringFunc(s, func(w string) string {
		if strings.Contains(w, "node") {
			return "N nodes"
		}
		return "N solver calls"
	})
	s = jsonWork.ReplaceAllString(s, `"$1": 0`)
	return junitSeconds.ReplaceAllString(s, `time="0.000"`)
}

// golden compares got with testdata/golden/name, or rewrites it with
// -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "missing golden (run go test ./cmd/cubew -update)")
	require.Equal(t, string(want), got, "output differs from %s (rerun with -update after review)", path)
}

// The golden examples: one safe and one unsafe model under sc and tso.
var goldenModels = []struct{ name, model, verdict string }{
	{"token_mutex", "sc", "safe"},
	{"check_then_set", "sc", "unsafe"},
	{"flag_mutex_fenced", "tso", "safe"},
	{"flag_mutex", "tso", "unsafe"},
}

func modelPath(name string) string { return "testdata/" + name + ".cub" }

func exitFor(verdict string) int {
	if verdict == "unsafe" {
		return exitUnsafe
	}
	return exitSafe
}

func TestGoldenText(t *testing.T) {
	for _, m := range goldenModels {
		t.Run(m.name, func(t *testing.T) {
			code, out, errs := cubew(t, "check", modelPath(m.name))
			require.Equal(t, exitFor(m.verdict), code, errs)
			require.Empty(t, errs, "quiet by default: nothing on stderr")
			require.Contains(t, out, strings.ToUpper(m.verdict)+"  "+m.model)
			golden(t, m.name+".txt", normalize(out))

			code, out, _ = cubew(t, "check", "--trace", modelPath(m.name))
			require.Equal(t, exitFor(m.verdict), code)
			golden(t, m.name+".trace.txt", normalize(out))
		})
	}
}

func TestGoldenJSON(t *testing.T) {
	for _, m := range goldenModels {
		t.Run(m.name, func(t *testing.T) {
			code, out, errs := cubew(t, "check", "--format", "json", modelPath(m.name))
			require.Equal(t, exitFor(m.verdict), code, errs)
			require.NotContains(t, out, "null", "lists are [] and objects absent, never null")
			golden(t, m.name+".json", normalize(out))
		})
	}
}

func TestGoldenJUnit(t *testing.T) {
	for _, m := range goldenModels {
		t.Run(m.name, func(t *testing.T) {
			report := filepath.Join(t.TempDir(), "report.xml")
			code, _, errs := cubew(t, "check", "--junit", report, modelPath(m.name))
			require.Equal(t, exitFor(m.verdict), code, errs)
			data, err := os.ReadFile(report)
			require.NoError(t, err)
			golden(t, m.name+".junit.xml", normalize(string(data)))
		})
	}
}

// TestCommandNames checks that every command is built under the name it
// is called by, so that newRootCmd builds the command a command line
// names, alone, and the full tree has them all.
func TestCommandNames(t *testing.T) {
	builders := commandBuilders(&globalOpts{})
	for name, build := range builders {
		require.Equal(t, name, build().Name())
		root := newRootCmd(name, "x.cub")
		require.Len(t, root.Commands(), 1, name)
		require.Equal(t, name, root.Commands()[0].Name())
	}
	full := newRootCmd()
	for name := range builders {
		cmd, _, err := full.Find([]string{name})
		require.NoError(t, err)
		require.Equal(t, name, cmd.Name())
	}
	require.Len(t, builders, 8)
}
