package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestExportPromela(t *testing.T) {
	code, out, errOut := cubew(t, "export", "-n", "2", "--model", "pso", "--max-buffer", "4", "--steps", "5", "../../examples/litmus/sb.cub")
	require.Equal(t, exitSafe, code, errOut)
	require.Contains(t, out, "from sb.cub.\n * Instance: 2 processes, memory model pso, steps per process 5, store buffer 4.")
	require.Contains(t, out, "inline flush_pso(b, k)")
	require.Contains(t, out, "#define BUFMAX 4")
	require.Contains(t, out, "/* write_x(#1) at line 25 */")
	require.Contains(t, out, "active proctype monitor()")
	require.Equal(t, 2, strings.Count(out, "/* flush */"), "one flush option per process")
}

func TestExportCToFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "sb.c")
	code, out, errOut := cubew(t, "export", "--to", "c", "-n", "2", "--rounds", "3", "-o", file, "../../examples/litmus/sb.cub")
	require.Equal(t, exitSafe, code, errOut)
	require.Empty(t, out)
	src, err := os.ReadFile(file)
	require.NoError(t, err)
	require.Contains(t, string(src), "Instance: 2 processes, memory model tso, 3 rounds per thread.")
	require.Contains(t, string(src), "#define L_X 4 /* X weak */")
	require.Contains(t, string(src), "static void *proc2(void *arg)")
}

func TestExportBadInput(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.cub")
	require.NoError(t, os.WriteFile(real, []byte("var R : real\ninit () { R = 0.0 }\nunsafe () { R = 1.0 }\n"), 0o644))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"export", "-n", "2", "testdata/errors/undeclared.cub"}, "testdata/errors/undeclared.cub:"},
		{[]string{"export", "-n", "2", "--to", "c", real}, real + ":1:1: R has type real"},
		{[]string{"export", "-n", "3", "../../examples/litmus/sb.cub"}, "3 processes exceed number_procs 2"},
		{[]string{"export", "-n", "0", "../../examples/litmus/sb.cub"}, "--procs must be at least 1"},
		{[]string{"export", "-n", "2", "--to", "java", "../../examples/litmus/sb.cub"}, "java"},
	} {
		code, out, errOut := cubew(t, c.args...)
		require.Equal(t, exitBadInput, code, strings.Join(c.args, " "))
		require.Empty(t, out)
		require.Contains(t, errOut, c.want)
	}
}

func TestCrosscheckPeerSPIN(t *testing.T) {
	code, out, errOut := cubew(t, "crosscheck", "--peer", "spin", "--max-n", "2", "../../examples/litmus/sb.cub", "../../examples/litmus/sb_fenced.cub")
	require.Equal(t, exitSafe, code, errOut+out)
	require.Regexp(t, `sb\.cub\s+tso\s+n=2 k=6\s+UNSAFE\s+SPIN: \d+ states`, out)
	require.Regexp(t, `sb_fenced\.cub\s+tso\s+n=2 k=6\s+SAFE\s+SPIN: \d+ states`, out)
	require.Equal(t, 2, strings.Count(out, "agree\n"))

	code, out, errOut = cubew(t, "crosscheck", "--peer", "spin", "--max-n", "2", "--model", "pso", "--format", "json", "../../examples/litmus/mp.cub")
	require.Equal(t, exitSafe, code, errOut+out)
	var doc struct {
		Results []struct {
			Crosscheck struct {
				Agree   bool `json:"agree"`
				Bounded []struct {
					Engine  string `json:"engine"`
					Verdict string `json:"verdict"`
					States  int    `json:"states"`
				} `json:"bounded"`
			} `json:"crosscheck"`
		} `json:"results"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	require.Len(t, doc.Results, 1)
	cross := doc.Results[0].Crosscheck
	require.True(t, cross.Agree)
	require.Len(t, cross.Bounded, 2)
	require.Equal(t, "dpor", cross.Bounded[0].Engine)
	require.Equal(t, "spin", cross.Bounded[1].Engine)
	require.Equal(t, "unsafe", cross.Bounded[1].Verdict)
	require.Positive(t, cross.Bounded[1].States)

	code, _, errOut = cubew(t, "crosscheck", "--peer", "cbmc", "../../examples/litmus/sb.cub")
	require.Equal(t, exitBadInput, code)
	require.Contains(t, errOut, "cbmc")
}
