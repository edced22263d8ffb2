package syntax_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cubew/cubew/syntax"
	"github.com/stretchr/testify/require"
)

// TestFastParserAgrees compares the fast parser with participle (see
// syntax.RequireParsersAgree) on every corpus file, every model of the
// repository (examples, testdata of every package), every chunk of
// testdata/errors, every seed of the fuzz corpus, every mistake of
// TestMistakes and the examples with one token deleted (every other token).
func TestFastParserAgrees(t *testing.T) {
	var cases, valid int
	agree := func(name string, src []byte) {
		t.Helper()
		cases++
		if syntax.RequireParsersAgree(t, name, src) {
			valid++
		}
	}
	for name, src := range corpusSources(t) {
		agree(name, src)
	}
	corpus := cases
	models := repositoryModels(t)
	for name, src := range models {
		agree(name, []byte(src))
		if strings.Contains(name, "testdata/errors") {
			for _, c := range splitChunks(src) {
				agree(name, []byte(c.src))
			}
		}
	}
	fuzz := fuzzSeeds(t)
	for name, src := range fuzz {
		agree(name, src)
	}
	for _, m := range mistakes {
		agree("m.cub", []byte(strings.Replace(m.model, m.old, m.new, 1)))
	}
	mutants := 0
	for name, src := range models {
		if !strings.HasPrefix(name, "../examples/") {
			continue
		}
		for i, tok := range tokenSpans(src) {
			if i%2 == 1 {
				continue // half the tokens: TestMutantMessages has them all, through Parse
			}
			mutants++
			agree(name, []byte(src[:tok[0]]+src[tok[1]:]))
		}
	}
	t.Logf("%d cases (%d corpus, %d models, %d fuzz seeds, %d mutants), %d valid", cases, corpus, len(models), len(fuzz), mutants, valid)
	require.GreaterOrEqual(t, corpus, 60, "corpus files")
	require.GreaterOrEqual(t, len(models), 60, "models in the repository")
	require.GreaterOrEqual(t, len(fuzz), 13, "fuzz seeds")
	require.GreaterOrEqual(t, mutants, 2500, "mutants")
	require.GreaterOrEqual(t, valid, 300, "valid inputs compared")
	require.GreaterOrEqual(t, cases-valid, 2000, "invalid inputs compared")
}

// repositoryModels reads every .cub file of the repository, by path
// relative to this package.
func repositoryModels(t *testing.T) map[string]string {
	out := map[string]string{}
	err := filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".cub" {
			return err
		}
		src, err := os.ReadFile(path)
		out[filepath.ToSlash(path)] = string(src)
		return err
	})
	require.NoError(t, err)
	return out
}

// fuzzSeeds reads the inputs of testdata/fuzz/FuzzParse, in the format of
// go test's fuzz corpus (one []byte value per file).
func fuzzSeeds(t *testing.T) map[string][]byte {
	files, err := filepath.Glob("testdata/fuzz/FuzzParse/*")
	require.NoError(t, err)
	out := map[string][]byte{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		header, value, _ := strings.Cut(strings.TrimSpace(string(data)), "\n")
		require.Equal(t, "go test fuzz v1", header, f)
		quoted, ok := strings.CutPrefix(value, "[]byte(")
		require.True(t, ok, "%s: not a []byte seed", f)
		src, err := strconv.Unquote(strings.TrimSuffix(quoted, ")"))
		require.NoError(t, err, f)
		out[f] = []byte(src)
	}
	return out
}
