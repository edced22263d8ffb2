package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCIDoc runs the commands of docs/ci.md's CI jobs on a copy of
// examples/ in a models folder: cubew commands in-process, the shell
// around them emulated. A line the test does not understand fails it, so
// the page cannot drift from what works.
func TestCIDoc(t *testing.T) {
	if !dotAvailable() {
		t.Skip("the CI job draws counterexamples with Graphviz (make deps)")
	}
	doc, err := os.ReadFile("../../docs/ci.md")
	require.NoError(t, err)
	cmds := ciCommands(string(doc))
	require.GreaterOrEqual(t, len(cmds), 8, "commands found in docs/ci.md: %q", cmds)

	tmp := t.TempDir()
	models := filepath.Join(tmp, "models")
	require.NoError(t, os.Mkdir(models, 0o755))
	examples, err := filepath.Glob("../../examples/*")
	require.NoError(t, err)
	for _, f := range examples {
		if strings.HasSuffix(f, ".cub") || strings.HasSuffix(f, ".want") {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(models, filepath.Base(f)), data, 0o644))
		}
	}
	t.Chdir(tmp)
	code, _, errs := cubew(t, "fmt", "-w", "models") // the job requires formatted models
	require.Equal(t, exitSafe, code, errs)

	ran := map[string]bool{}
	for _, line := range cmds {
		ranCI(t, line, ran)
	}
	for _, c := range []string{"install", "fmt", "check", "grep"} {
		require.True(t, ran[c], "docs/ci.md has no %s step", c)
	}
	svgs, err := filepath.Glob("traces/*.svg")
	require.NoError(t, err)
	require.NotEmpty(t, svgs, "the broken examples are drawn")
}

// ciCommands extracts the shell lines of the YAML blocks: `run:` values
// (one line or a `|` block) and `script:` list items.
func ciCommands(doc string) []string {
	var out []string
	blocks := regexp.MustCompile("(?s)```yaml\n(.*?)```").FindAllStringSubmatch(doc, -1)
	for _, b := range blocks {
		lines := strings.Split(b[1], "\n")
		for i := 0; i < len(lines); i++ {
			l := strings.TrimSpace(lines[i])
			switch {
			case strings.HasPrefix(l, "run: |") || l == "script:":
				indent := len(lines[i]) - len(strings.TrimLeft(lines[i], " "))
				for i+1 < len(lines) {
					next := lines[i+1]
					if strings.TrimSpace(next) != "" && len(next)-len(strings.TrimLeft(next, " ")) <= indent {
						break
					}
					i++
					if s := strings.TrimSpace(next); s != "" {
						s = strings.TrimPrefix(s, "- ")
						out = append(out, strings.Trim(s, `"`))
					}
				}
			case strings.HasPrefix(l, "run: "):
				out = append(out, strings.TrimPrefix(l, "run: "))
			}
		}
	}
	return out
}

// ranCI runs or checks one shell line of the CI job.
func ranCI(t *testing.T, line string, ran map[string]bool) {
	t.Helper()
	allowed := []int{exitSafe}
	if rest, ok := strings.CutSuffix(line, " || [ $? -eq 1 ]"); ok {
		line, allowed = rest, []int{exitSafe, exitUnsafe}
	}
	words := shellWords(line)
	switch {
	case strings.Contains(line, "apt-get install"):
		require.Contains(t, line, "libz3-dev")
		ran["install"] = true
	case strings.HasPrefix(line, "go install "):
		require.Equal(t, "github.com/cubew/cubew/cmd/cubew@latest", words[2], "the module path of this command")
	case words[0] == "mkdir":
		require.NoError(t, os.MkdirAll(words[len(words)-1], 0o755))
	case words[0] == "!" && words[1] == "grep":
		report, err := os.ReadFile(words[len(words)-1])
		require.NoError(t, err)
		require.NotContains(t, string(report), "<failure", "the examples' verdicts are the expected ones")
		require.NotContains(t, string(report), "<error")
		ran["grep"] = true
	case words[0] == "cubew":
		var args []string
		for _, w := range words[1:] {
			if strings.ContainsAny(w, "*?[") {
				matches, err := filepath.Glob(w)
				require.NoError(t, err)
				require.NotEmpty(t, matches, w)
				args = append(args, matches...)
				continue
			}
			args = append(args, w)
		}
		code, _, errs := cubew(t, args...)
		require.Contains(t, allowed, code, "%s\n%s", line, errs)
		ran[args[0]] = true
	default:
		t.Fatalf("docs/ci.md: the test does not know how to run %q", line)
	}
}

// shellWords splits a line into words, honouring single quotes.
func shellWords(s string) []string {
	var out []string
	var cur strings.Builder
	inQuote, any := false, false
	for _, r := range s {
		switch {
		case r == '\'':
			inQuote = !inQuote
			any = true
		case r == ' ' && !inQuote:
			if any {
				out = append(out, cur.String())
				cur.Reset()
				any = false
			}
		default:
			cur.WriteRune(r)
			any = true
		}
	}
	if any {
		out = append(out, cur.String())
	}
	return out
}
