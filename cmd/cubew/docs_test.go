package main

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cubew/cubew/syntax"
	"github.com/stretchr/testify/require"
)

// The documentation's examples run. In README.md and docs/language.md:
//
//   - a ```cub block is a model that parses and type-checks;
//   - a ```cub block after `<!-- file: PATH -->` is the text of that file;
//   - a ```cub block whose first line is `(* error: LINE:COL: message *)`
//     is a model whose first error is that one;
//   - a ``` block starting with `$ cubew ARGS` shows what the command prints
//     (times aside; -update rewrites the block), run from the repository
//     root.

// docFiles are the pages whose examples are checked.
var docFiles = []string{"README.md", "docs/language.md"}

var (
	docFence   = regexp.MustCompile("(?s)(<!-- file: (\\S+) -->\\n)?```(cub)?\\n(.*?)```\\n")
	errorFirst = regexp.MustCompile(`^\(\* error: (.*) \*\)\n`)
)

func TestDocExamples(t *testing.T) {
	t.Chdir("../..")
	counts := map[string]int{}
	for _, page := range docFiles {
		data, err := os.ReadFile(page)
		require.NoError(t, err)
		text := string(data)
		updated := docFence.ReplaceAllStringFunc(text, func(block string) string {
			m := docFence.FindStringSubmatch(block)
			file, isCub, body := m[2], m[3] != "", m[4]
			switch {
			case file != "":
				want, err := os.ReadFile(file)
				require.NoError(t, err, page)
				require.Equal(t, string(want), body, "%s: the block after <!-- file: %s --> differs from the file", page, file)
				counts["file"]++
			case isCub:
				checkDocModel(t, page, body)
				counts["cub"]++
			case strings.HasPrefix(body, "$ cubew "):
				counts["command"]++
				return strings.Replace(block, body, runDocCommand(t, page, body), 1)
			}
			return block
		})
		if *update && updated != text {
			require.NoError(t, os.WriteFile(page, []byte(updated), 0o644))
		}
	}
	t.Logf("doc examples: %v", counts)
	require.GreaterOrEqual(t, counts["cub"], 30, "models and snippets in the docs")
	require.GreaterOrEqual(t, counts["command"], 6, "commands with their output")
	require.GreaterOrEqual(t, counts["file"], 3, "blocks that show a file")
}

// checkDocModel parses and checks a model of a page: no error, or exactly
// the first error its first line announces.
func checkDocModel(t *testing.T, page, src string) {
	t.Helper()
	_, err := syntax.ParseAndCheck("m.cub", []byte(src), syntax.CheckOptions{})
	m := errorFirst.FindStringSubmatch(src)
	if m == nil {
		require.NoError(t, err, "%s: a model of the page does not check:\n%s", page, src)
		return
	}
	var list syntax.ErrorList
	require.True(t, errors.As(err, &list), "%s: want the error %q, got %v\n%s", page, m[1], err, src)
	require.Equal(t, m[1], strings.TrimPrefix(list[0].Error(), "m.cub:"), "%s:\n%s", page, src)
}

// runDocCommand runs the command of a `$ cubew` block and returns the
// block with the command's output; it fails when the output differs from
// the block's, times aside (unless -update).
func runDocCommand(t *testing.T, page, body string) string {
	t.Helper()
	cmdLine, shown, _ := strings.Cut(body, "\n")
	args := strings.Fields(strings.TrimPrefix(cmdLine, "$ cubew "))
	for i, a := range args {
		if matches, _ := filepath.Glob(a); strings.ContainsAny(a, "*?") && len(matches) > 0 {
			args = append(append(args[:i:i], matches...), args[i+1:]...)
		}
	}
	_, out, errs := cubew(t, args...)
	out += errs
	got := cmdLine + "\n" + out
	if !*update {
		require.Equal(t, textSeconds.ReplaceAllString(shown, "0.000s"), textSeconds.ReplaceAllString(out, "0.000s"),
			"%s: the output of `%s` changed (rerun with -update after review)", page, cmdLine)
		return body
	}
	return got
}
