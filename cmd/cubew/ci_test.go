package main

import (
	"encoding/json"
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
	for _, c := range []string{"install", "fmt", "check", "sarif", "junit"} {
		require.True(t, ran[c], "docs/ci.md has no %s step", c)
	}
	svgs, err := filepath.Glob("traces/*.svg")
	require.NoError(t, err)
	require.NotEmpty(t, svgs, "the broken examples are drawn")

	// The gate fails when a verdict is not the expected one.
	require.NoError(t, os.WriteFile(filepath.Join(models, "flag_mutex.want"), []byte("check tso SAFE\n"), 0o644))
	code, _, errs = cubew(t, "check", "--expect", "models")
	require.Equal(t, exitUnsafe, code)
	require.Equal(t, "cubew: models/flag_mutex.cub: check tso: got UNSAFE, want SAFE\n", errs)
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

// ranCI runs or checks one shell line of the CI job; every cubew command
// must exit with 0 (the gate passes on the examples).
func ranCI(t *testing.T, line string, ran map[string]bool) {
	t.Helper()
	line, redirect, _ := strings.Cut(line, " > ")
	words := shellWords(line)
	switch {
	case strings.Contains(line, "apt-get install"):
		require.Contains(t, line, "libz3-dev")
		ran["install"] = true
	case strings.HasPrefix(line, "go install "):
		require.Equal(t, "github.com/cubew/cubew/cmd/cubew@latest", words[2], "the module path of this command")
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
		code, out, errs := cubew(t, args...)
		require.Equal(t, exitSafe, code, "%s\n%s", line, errs)
		ran[args[0]] = true
		if redirect != "" {
			require.NoError(t, os.WriteFile(strings.TrimSpace(redirect), []byte(out), 0o644))
		}
		ciReports(t, args, strings.TrimSpace(redirect), ran)
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

// ciReports checks the reports a CI command wrote: the SARIF log on its
// stdout, the JUnit report of --junit.
func ciReports(t *testing.T, args []string, stdout string, ran map[string]bool) {
	t.Helper()
	for i, a := range args {
		switch {
		case a == "--format" && args[i+1] == "sarif":
			data, err := os.ReadFile(stdout)
			require.NoError(t, err, "the SARIF log goes to a file")
			var log struct {
				Version string `json:"version"`
				Runs    []struct {
					Results []struct {
						RuleID string `json:"ruleId"`
						Level  string `json:"level"`
					} `json:"results"`
				} `json:"runs"`
			}
			require.NoError(t, json.Unmarshal(data, &log))
			require.Equal(t, "2.1.0", log.Version)
			require.NotEmpty(t, log.Runs[0].Results, "the broken examples are results")
			for _, r := range log.Runs[0].Results {
				require.Equal(t, "note", r.Level, "every UNSAFE example is expected: %+v", r)
			}
			ran["sarif"] = true
		case a == "--junit":
			report, err := os.ReadFile(args[i+1])
			require.NoError(t, err)
			require.NotContains(t, string(report), "<failure", "the examples' verdicts are the expected ones")
			require.Contains(t, string(report), `file="models/flag_mutex.cub" line="14"`)
			ran["junit"] = true
		}
	}
}
