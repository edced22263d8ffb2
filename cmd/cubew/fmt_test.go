package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/stretchr/testify/require"
)

const messy = "testdata/fmt/messy.cub"

func TestFmtGolden(t *testing.T) {
	code, out, errs := cubew(t, "fmt", messy)
	require.Equal(t, exitSafe, code, errs)
	golden(t, "messy.fmt.cub", out)
	for _, c := range []string{"(* three places *)", "(* the lock is free *)", "(* take it *)", "(* X stays taken *)", "(* mutual exclusion *)"} {
		require.Contains(t, out, c, "comments are kept")
	}

	code, out, errs = cubew(t, "fmt", "-d", messy)
	require.Equal(t, exitNotFormatted, code, errs)
	require.True(t, strings.HasPrefix(out, "--- testdata/fmt/messy.cub.orig\n+++ testdata/fmt/messy.cub\n@@ -1,"))
	golden(t, "messy.fmt.diff", out)
}

func TestFmtListWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.cub")
	src, err := os.ReadFile(messy)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, src, 0o600))

	code, out, _ := cubew(t, "fmt", "-l", dir)
	require.Equal(t, exitNotFormatted, code, "a directory stands for its .cub files")
	require.Equal(t, path+"\n", out)

	code, out, errs := cubew(t, "fmt", "-w", path)
	require.Equal(t, exitSafe, code, errs)
	require.Empty(t, out, "-w alone prints nothing")
	st, err := os.Stat(path)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), st.Mode().Perm(), "-w keeps the file mode")
	formatted, err := os.ReadFile(path)
	require.NoError(t, err)
	want, err := os.ReadFile("testdata/golden/messy.fmt.cub")
	require.NoError(t, err)
	require.Equal(t, string(want), string(formatted))

	for _, flag := range []string{"-l", "-d"} {
		code, out, errs = cubew(t, "fmt", flag, path)
		require.Equal(t, exitSafe, code, errs)
		require.Empty(t, out, "%s on a formatted file", flag)
	}
}

func TestFmtErrors(t *testing.T) {
	code, out, errs := cubew(t, "fmt", "-l", "testdata/junit/bad_syntax.cub", messy)
	require.Equal(t, exitBadInput, code, "a file that does not parse wins")
	require.Equal(t, messy+"\n", out, "the other files are still listed")
	require.Contains(t, errs, "testdata/junit/bad_syntax.cub:4:1: syntax error")

	code, _, errs = cubew(t, "fmt", "testdata/nope.cub")
	require.Equal(t, exitBadInput, code)
	require.Contains(t, errs, "no such file")
}

func TestFmtStdin(t *testing.T) {
	root := newRootCmd()
	var stdout, stderr strings.Builder
	root.SetArgs([]string{"fmt"})
	root.SetIn(strings.NewReader("var  X:int (* x *)\n"))
	root.SetOut(&stdout)
	root.SetErr(&stderr)
	require.NoError(t, root.Execute())
	require.Equal(t, "var X : int (* x *)\n", stdout.String())
}

// corpusModels lists every model of the shared corpus and of examples/.
func corpusModels(t *testing.T) []string {
	t.Helper()
	dir, err := corpus.Dir()
	require.NoError(t, err, "the shared corpus (CUBEW_CORPUS)")
	files, err := corpus.Files(dir)
	require.NoError(t, err)
	var out []string
	for _, f := range files {
		out = append(out, filepath.Join(dir, f))
	}
	ex, err := modelFiles([]string{"../../examples"})
	require.NoError(t, err)
	return append(out, ex...)
}

// TestFmtCorpusIdempotent formats every model of the corpus and examples:
// the result parses, formats to itself, and keeps every comment.
func TestFmtCorpusIdempotent(t *testing.T) {
	dir := t.TempDir()
	for i, path := range corpusModels(t) {
		code, once, errs := cubew(t, "fmt", path)
		require.Equal(t, exitSafe, code, "%s: %s", path, errs)
		tmp := filepath.Join(dir, strings.Repeat("x", i%3)+filepath.Base(path))
		require.NoError(t, os.WriteFile(tmp, []byte(once), 0o644))
		code, out, errs := cubew(t, "fmt", "-l", tmp)
		require.Equal(t, exitSafe, code, "%s is not idempotent: %s%s", path, out, errs)
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		require.Equal(t, strings.Count(string(src), "(*"), strings.Count(once, "(*"), "%s: comments lost", path)
	}
}

// The corpus files of TestFmtKeepsVerdicts (reference verdict, original
// time under 0.1 s), and its node budget: each of them and each example is
// decided within it (the largest needs 57 nodes), whatever the
// machine's load.
const (
	fmtCorpusFiles = 40
	fmtMaxNodes    = 1000
)

// TestFmtKeepsVerdicts checks the fast corpus files and the examples
// before and after formatting: the same verdicts, each decided.
func TestFmtKeepsVerdicts(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err, "the shared corpus (CUBEW_CORPUS)")
	entries, err := corpus.Expected(dir)
	require.NoError(t, err)
	var files []string
	for _, e := range entries {
		if e.Expected != "?" && e.OriginalSeconds > 0 && e.OriginalSeconds < 0.1 {
			files = append(files, filepath.Join(dir, e.File))
		}
	}
	require.Len(t, files, fmtCorpusFiles, "fast corpus files with a reference verdict")
	ex, err := modelFiles([]string{"../../examples"})
	require.NoError(t, err)
	files = append(files, ex...)

	tmp := t.TempDir()
	var formatted []string
	for i, path := range files {
		_, out, _ := cubew(t, "fmt", path)
		f := filepath.Join(tmp, strings.TrimSuffix(filepath.Base(path), ".cub")+fmt.Sprintf("_%03d.cub", i))
		require.NoError(t, os.WriteFile(f, []byte(out), 0o644))
		formatted = append(formatted, f)
	}
	verdicts := func(paths []string) []string {
		_, out, errs := cubew(t, append([]string{"check", "--format", "json", "--max-nodes", strconv.Itoa(fmtMaxNodes)}, paths...)...)
		doc := decodeJSON(t, out)
		require.Len(t, doc.Results, len(paths), errs)
		var vs []string
		for i, r := range doc.Results {
			require.NotEqual(t, "unknown", strings.ToLower(r.Verdict), "%s: not decided within %d nodes", paths[i], fmtMaxNodes)
			vs = append(vs, r.Model+" "+r.Verdict)
		}
		return vs
	}
	before, after := verdicts(files), verdicts(formatted)
	for i := range files {
		require.Equal(t, before[i], after[i], "%s: verdict changed by formatting", files[i])
	}
}
