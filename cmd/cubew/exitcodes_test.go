package main

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestExitCodes pins the CLI contract (design.md): 0 all SAFE (or parse
// OK), 1 some UNSAFE, 2 bad input or usage, 3 UNKNOWN, 4 crosscheck
// disagreement; bad input wins over UNSAFE, which wins over UNKNOWN.
func TestExitCodes(t *testing.T) {
	cases := []struct {
		name   string
		args   []string
		code   int
		stderr string // a substring of stderr, "" for empty stderr
	}{
		{"safe", []string{"check", "testdata/token_mutex.cub"}, exitSafe, ""},
		{"all safe", []string{"check", "testdata/token_mutex.cub", "testdata/flag_mutex_fenced.cub"}, exitSafe, ""},
		{"unsafe", []string{"check", "testdata/flag_mutex.cub"}, exitUnsafe, ""},
		{"unsafe among safe", []string{"check", "testdata/token_mutex.cub", "testdata/check_then_set.cub"}, exitUnsafe, ""},
		{"unknown", []string{"check", "--max-nodes", "1", "testdata/flag_mutex_fenced.cub"}, exitUnknown, ""},
		{"unsafe wins over unknown", []string{"check", "--max-nodes", "6", "testdata/flag_mutex_fenced.cub", "testdata/check_then_set.cub"}, exitUnsafe, ""},
		{"timeout is unknown", []string{"check", "--timeout", "1ns", "testdata/flag_mutex_fenced.cub"}, exitUnknown, ""},
		{"parse ok", []string{"parse", "testdata/flag_mutex.cub"}, exitSafe, ""},
		{"syntax error", []string{"check", "testdata/junit/bad_syntax.cub"}, exitBadInput, "bad_syntax.cub:4:1: syntax error"},
		{"type error", []string{"parse", "testdata/errors/undeclared.cub"}, exitBadInput, "undeclared.cub:2:"},
		{"bad input wins", []string{"check", "testdata/check_then_set.cub", "testdata/junit/bad_syntax.cub"}, exitBadInput, "syntax error"},
		{"missing file", []string{"check", "testdata/nope.cub"}, exitBadInput, "no such file"},
		{"no file", []string{"check"}, exitBadInput, "requires at least 1 arg"},
		{"unknown flag", []string{"check", "--nope", "testdata/token_mutex.cub"}, exitBadInput, "unknown flag: --nope"},
		{"unknown command", []string{"chek"}, exitBadInput, `unknown command "chek"`},
		{"bad model", []string{"check", "--model", "arm", "testdata/token_mutex.cub"}, exitBadInput, "arm"},
		{"bad format", []string{"check", "--format", "yaml", "testdata/token_mutex.cub"}, exitBadInput, `unknown format "yaml"`},
		{"crosscheck agrees on an unsafe model", []string{"crosscheck", "--max-n", "2", "--timeout", "0", "testdata/flag_mutex.cub"}, exitSafe, ""},
		{"crosscheck json", []string{"crosscheck", "--max-n", "2", "--timeout", "0", "--format", "json", "testdata/flag_mutex.cub"}, exitSafe, ""},
		{"crosscheck junit not writable", []string{"crosscheck", "--max-n", "2", "--junit", "testdata/flag_mutex.cub/r.xml", "testdata/flag_mutex.cub"}, exitBadInput, "--junit: mkdir testdata/flag_mutex.cub: not a directory"},
		{"picture file for several models", []string{"check", "--dot", "testdata/token_mutex.want", "testdata/token_mutex.cub", "testdata/flag_mutex.cub"}, exitBadInput, "give a directory (one picture per model), not a file"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, errs := cubew(t, c.args...)
			require.Equal(t, c.code, code, "stderr: %s", errs)
			if c.stderr == "" {
				require.Empty(t, errs)
			} else {
				require.Contains(t, errs, c.stderr)
			}
		})
	}
}

// TestExitCodeMapping checks the one place that maps outcomes to codes,
// including the crosscheck disagreement (4) no check can produce.
func TestExitCodeMapping(t *testing.T) {
	var printed []string
	p := func(s string) { printed = append(printed, s) }
	require.Equal(t, 0, exitCode(nil, p))
	require.Equal(t, 4, exitCode(withCode(exitDisagreement, "disagreement on %s", "m.cub"), p))
	require.Equal(t, 3, exitCode(silentCode(exitUnknown), p))
	require.Equal(t, 2, exitCode(errors.New("unknown flag: --x"), p))
	require.Equal(t, 1, exitCode(silentCode(exitUnsafe), p))
	require.Equal(t, []string{"disagreement on m.cub", "unknown flag: --x"}, printed)
}
