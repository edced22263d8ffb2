package main

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"testing"

	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// junitReport is what a CI system reads from the report.
type junitReport struct {
	XMLName  xml.Name `xml:"testsuites"`
	Tests    int      `xml:"tests,attr"`
	Failures int      `xml:"failures,attr"`
	Errors   int      `xml:"errors,attr"`
	Suites   []struct {
		Name     string `xml:"name,attr"`
		Tests    int    `xml:"tests,attr"`
		Failures int    `xml:"failures,attr"`
		Errors   int    `xml:"errors,attr"`
		Cases    []struct {
			Name      string `xml:"name,attr"`
			Classname string `xml:"classname,attr"`
			File      string `xml:"file,attr"`
			Line      int    `xml:"line,attr"`
			Time      string `xml:"time,attr"`
			Failure   *struct {
				Message string `xml:"message,attr"`
				Type    string `xml:"type,attr"`
				Text    string `xml:",chardata"`
			} `xml:"failure"`
			Error *struct {
				Message string `xml:"message,attr"`
			} `xml:"error"`
			SystemOut string `xml:"system-out"`
		} `xml:"testcase"`
	} `xml:"testsuite"`
}

func readReport(t *testing.T, path string) junitReport {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var r junitReport
	require.NoError(t, xml.Unmarshal(data, &r), "the report must be well-formed XML")
	return r
}

// TestJUnitReport checks what CI sees: one case per (file, model), a
// failure when the verdict differs from NAME.want (SAFE without a line),
// its message holding the short trace, an error for a file that does not
// parse, and consistent counts.
func TestJUnitReport(t *testing.T) {
	report := filepath.Join(t.TempDir(), "report.xml")
	code, _, errs := cubew(t, "check", "--junit", report,
		"testdata/junit/broken.cub", "testdata/junit/fine.cub", "testdata/junit/expected_unsafe.cub",
		"testdata/junit/bad_syntax.cub")
	require.Equal(t, exitBadInput, code, "bad input wins over UNSAFE")
	require.Contains(t, errs, "testdata/junit/bad_syntax.cub:")
	r := readReport(t, report)
	require.Equal(t, 4, r.Tests)
	require.Equal(t, 1, r.Failures)
	require.Equal(t, 1, r.Errors)
	require.Len(t, r.Suites, 4)

	byName := map[string]int{}
	for i, s := range r.Suites {
		byName[s.Name] = i
		require.Equal(t, len(s.Cases), s.Tests, s.Name)
	}
	broken := r.Suites[byName["testdata/junit/broken.cub"]]
	require.Equal(t, 1, broken.Failures)
	c := broken.Cases[0]
	require.Equal(t, "check sc", c.Name)
	require.Equal(t, "testdata/junit/broken", c.Classname, "no dot: CI systems split a classname at its last dot")
	require.Equal(t, "testdata/junit/broken.cub", c.File)
	require.Equal(t, 12, c.Line, "the line of the unsafe formula reached")
	require.NotNil(t, c.Failure)
	require.Equal(t, "UNSAFE", c.Failure.Type)
	require.Equal(t, "got UNSAFE, want SAFE: init -> check(#2) -> check(#1) -> take(#1) -> take(#2) -> unsafe[1]", c.Failure.Message)
	require.Contains(t, c.Failure.Text, "take(#2)")
	require.Contains(t, c.SystemOut, "counterexample with 2 processes")

	fine := r.Suites[byName["testdata/junit/fine.cub"]]
	require.Nil(t, fine.Cases[0].Failure)
	expectedUnsafe := r.Suites[byName["testdata/junit/expected_unsafe.cub"]]
	require.Equal(t, "check tso", expectedUnsafe.Cases[0].Name)
	require.Nil(t, expectedUnsafe.Cases[0].Failure, "UNSAFE is expected by the .want file")

	bad := r.Suites[byName["testdata/junit/bad_syntax.cub"]]
	require.Equal(t, 1, bad.Errors)
	require.NotNil(t, bad.Cases[0].Error)
	require.Equal(t, "testdata/junit/bad_syntax.cub", bad.Cases[0].File)
	require.Equal(t, 4, bad.Cases[0].Line, "the line of the syntax error")
	require.Contains(t, bad.Cases[0].Error.Message, "bad_syntax.cub:4:1: syntax error")
}

// TestJUnitUnknownFails: an UNKNOWN answer differs from the expected
// SAFE; the message says which limit was hit.
func TestJUnitUnknownFails(t *testing.T) {
	report := filepath.Join(t.TempDir(), "report.xml")
	code, _, _ := cubew(t, "check", "--max-nodes", "1", "--junit", report, "testdata/flag_mutex_fenced.cub")
	require.Equal(t, exitUnknown, code)
	r := readReport(t, report)
	require.Equal(t, 1, r.Failures)
	f := r.Suites[0].Cases[0].Failure
	require.NotNil(t, f)
	require.Equal(t, "UNKNOWN", f.Type)
	require.Equal(t, "got UNKNOWN, want SAFE: node limit 1 reached", f.Message)
}

func TestReadWant(t *testing.T) {
	lines, err := readWant("testdata/flag_mutex.cub")
	require.NoError(t, err)
	require.Equal(t, []wantLine{
		{Engine: "check", Model: "sc", Verdict: translate.Safe},
		{Engine: "check", Model: "tso", Verdict: translate.Unsafe},
		{Engine: "bounded", Model: "sc", N: 2, K: 4, Verdict: translate.Safe},
		{Engine: "bounded", Model: "sc", N: 3, K: 3, Verdict: translate.Safe},
		{Engine: "bounded", Model: "tso", N: 2, Verdict: translate.Unsafe},
	}, lines)
	require.Equal(t, translate.Unsafe, expected(lines, fileResult{Engine: "reach", Model: "tso"}))
	require.Equal(t, translate.Safe, expected(lines, fileResult{Engine: "reach", Model: "sc"}))
	require.Equal(t, translate.Safe, expected(lines, fileResult{Engine: "reach", Model: "pso"}), "no line: SAFE")
	require.Equal(t, translate.Unsafe, expected(lines, fileResult{Engine: "dpor", Model: "tso", N: 2}))
	require.Equal(t, translate.Unsafe, expected(lines, fileResult{Engine: "dpor", Model: "tso", N: 2, K: 6}), "a line without k= holds for every k")
	require.Equal(t, translate.Safe, expected(lines, fileResult{Engine: "dpor", Model: "sc", N: 2, K: 4}))
	require.Equal(t, translate.Safe, expected(lines, fileResult{Engine: "dpor", Model: "sc", N: 2, K: 6}), "n=2 k=4 is about k=4 only")
	specific := []wantLine{
		{Engine: "bounded", Model: "tso", N: 2, Verdict: translate.Unsafe},
		{Engine: "bounded", Model: "tso", N: 2, K: 2, Verdict: translate.Safe},
	}
	require.Equal(t, translate.Safe, expected(specific, fileResult{Engine: "dpor", Model: "tso", N: 2, K: 2}), "the line with the run's k wins")
	require.Equal(t, translate.Unsafe, expected(specific, fileResult{Engine: "dpor", Model: "tso", N: 2, K: 3}))
	require.Equal(t, translate.Safe, expected(lines, fileResult{Engine: "explicit", Model: "sc", N: 3, K: 3}))

	none, err := readWant("testdata/junit/fine.cub")
	require.NoError(t, err)
	require.Empty(t, none)

	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "m.want"), []byte("check tso x=1 SAFE\n"), 0o644))
	_, err = readWant(filepath.Join(dir, "m.cub"))
	require.ErrorContains(t, err, "m.want:1:11: parameter `x=1`: check questions have none (n= and k= are for bounded)")
}
