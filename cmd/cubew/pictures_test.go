package main

import (
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

var (
	dotNode = regexp.MustCompile(`(?m)^  (n\d+) \[label="(\d+) (\w+)`)
	dotEdge = regexp.MustCompile(`(?m)^  (\w+) -> (\w+) \[(.*)\];$`)
)

// TestSearchDot checks the structure of the search graph: every popped
// node once, with its status; an edge from each pre-image to its parent
// labelled with the transition instance; the unsafe cubes as octagons; the
// counterexample path from init through the cube that meets the initial
// states to an unsafe cube in bold red, one edge per step of the trace.
func TestSearchDot(t *testing.T) {
	path := filepath.Join(t.TempDir(), "search.dot")
	code, out, errs := cubew(t, "check", "--format", "json", "--dot", path, "testdata/flag_mutex.cub")
	require.Equal(t, exitUnsafe, code, errs)
	r := decodeJSON(t, out).Results[0]
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	dot := string(data)
	require.True(t, strings.HasPrefix(dot, "digraph search {\n"))
	require.True(t, strings.HasSuffix(dot, "}\n"))

	status := map[string]string{}
	for _, m := range dotNode.FindAllStringSubmatch(dot, -1) {
		require.Equal(t, "n"+m[2], m[1], "node names carry the node ID")
		require.NotContains(t, status, m[1], "node %s twice", m[1])
		require.Contains(t, []string{"visited", "covered", "deleted", "reached"}, m[3])
		status[m[1]] = m[3]
	}
	counts := map[string]int{}
	for _, s := range status {
		counts[s]++
	}
	require.Equal(t, 1, counts["reached"], "one cube meets the initial states")
	require.Equal(t, r.Nodes, counts["visited"]+counts["deleted"], "visited nodes are the result's nodes")

	next := map[string]string{} // the red path: from -> to
	for _, m := range dotEdge.FindAllStringSubmatch(dot, -1) {
		if m[1] != "init" {
			require.Contains(t, status, m[1])
			require.Contains(t, status, m[2])
			require.Regexp(t, `label="\w+\((#\d(, #\d)*)?\)"`, m[3], "edges name their transition instance")
		}
		if strings.Contains(m[3], "penwidth=2") {
			require.NotContains(t, next, m[1], "the red path does not branch")
			next[m[1]] = m[2]
		}
	}
	node, steps := next["init"], 0
	require.Equal(t, "reached", status[node])
	for ; next[node] != ""; node = next[node] {
		steps++
	}
	require.Equal(t, len(r.Trace.Steps), steps, "one red edge per step of the trace")
	require.Regexp(t, `(?m)^  `+node+` \[label="\d+ visited unsafe\[1\]\\n.*shape=octagon`, dot, "the path ends at the unsafe cube")
}

func TestTraceDotGolden(t *testing.T) {
	for _, name := range []string{"flag_mutex", "check_then_set"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "trace.dot")
			code, _, errs := cubew(t, "check", "--trace-dot", path, modelPath(name))
			require.Equal(t, exitUnsafe, code, errs)
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			golden(t, name+".trace.dot", string(data))
		})
	}
}

// svgText collects the text of an SVG document.
func svgText(t *testing.T, svg []byte) string {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(string(svg)))
	d.Strict = false
	var b strings.Builder
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		if c, ok := tok.(xml.CharData); ok {
			b.Write(c)
			b.WriteString("\n")
		}
	}
	return b.String()
}

// TestTraceSVG renders the execution graph of a weak counterexample with
// Graphviz and checks that the picture names every process, every event
// (with its location and value) and every transition instance.
// The bounded command draws its own counterexamples the same way.
func TestTraceSVG(t *testing.T) {
	if !dotAvailable() {
		t.Skip("Graphviz's dot is not installed (make deps)")
	}
	for _, tc := range []struct{ name, model string }{
		{"check", "flag_mutex"}, {"check", "check_then_set"},
		{"bounded", "flag_mutex"}, {"bounded", "check_then_set"},
	} {
		t.Run(tc.name+"/"+tc.model, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "trace.svg")
			args := []string{tc.name, "--format", "json", "--trace-svg", path, modelPath(tc.model)}
			if tc.name == "bounded" {
				args = append(args, "-n", "2")
			}
			code, out, errs := cubew(t, args...)
			require.Equal(t, exitUnsafe, code, errs)
			svg, err := os.ReadFile(path)
			require.NoError(t, err)
			text := svgText(t, svg)
			r := decodeJSON(t, out).Results[0]
			require.Equal(t, map[string]string{"check": "reach", "bounded": "dpor"}[tc.name], r.Engine)
			require.NotNil(t, r.Trace)
			require.NotNil(t, r.Trace.Execution)
			for q := 1; q <= r.Trace.Processes; q++ {
				require.Contains(t, text, fmt.Sprintf("process #%d", q))
			}
			for i, s := range r.Trace.Steps {
				require.Contains(t, text, stepLabel(i+1, s))
			}
			require.NotEmpty(t, r.Trace.Execution.Events)
			for _, e := range r.Trace.Execution.Events {
				kind := map[string]string{"read": "R", "write": "W"}[e.Kind]
				require.Contains(t, text, e.ID+": "+kind+" "+e.Location+" = "+e.Value)
			}
			require.Contains(t, text, "rf")
			require.Contains(t, text, "fr")
		})
	}
}

func stepLabel(i int, s jsonStep) string {
	return fmt.Sprintf("%d. %s(%s)", i, s.Transition, procList(s.Processes))
}

// TestTraceSVGWithoutGraphviz: the flag says how to get Graphviz, before
// any work, with the usage exit status.
func TestTraceSVGWithoutGraphviz(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	code, out, errs := cubew(t, "check", "--trace-svg", filepath.Join(t.TempDir(), "t.svg"), "testdata/flag_mutex.cub")
	require.Equal(t, exitBadInput, code)
	require.Empty(t, out)
	require.Contains(t, errs, "apt-get install graphviz")
	require.Contains(t, errs, "make deps")
	require.Contains(t, errs, "--trace-dot")
}

// TestBoundedPictures: bounded writes --trace-dot like check (one picture
// per UNSAFE model in a directory), validates the flags before any work,
// and says why it has no --dot.
func TestBoundedPictures(t *testing.T) {
	dir := t.TempDir()
	code, _, errs := cubew(t, "bounded", "-n", "2", "--trace-dot", dir, "testdata/token_mutex.cub", "testdata/flag_mutex.cub")
	require.Equal(t, exitUnsafe, code, errs)
	require.Empty(t, errs)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1)
	require.Equal(t, "flag_mutex.dot", entries[0].Name())
	data, err := os.ReadFile(filepath.Join(dir, "flag_mutex.dot"))
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(string(data), "digraph execution"))
	for _, id := range []string{"e1", "e2", "e3", "e4"} {
		require.Contains(t, string(data), id+": ")
	}

	path := filepath.Join(t.TempDir(), "t.dot")
	code, _, errs = cubew(t, "bounded", "-n", "2", "--trace-dot", path, "testdata/token_mutex.cub")
	require.Equal(t, exitSafe, code)
	require.Equal(t, "cubew: --trace-dot: testdata/token_mutex.cub is SAFE: no counterexample to draw\n", errs)
	require.NoFileExists(t, path)

	code, _, errs = cubew(t, "bounded", "-n", "2", "--trace-dot", path, "testdata/token_mutex.cub", "testdata/flag_mutex.cub")
	require.Equal(t, exitUnsafe, code, errs)
	require.FileExists(t, filepath.Join(path, "flag_mutex.dot"), "with several models the folder is created, one picture per model")
	require.NoFileExists(t, filepath.Join(path, "token_mutex.dot"), "SAFE: nothing to draw")

	file := filepath.Join(t.TempDir(), "file.dot")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	code, out, errs := cubew(t, "bounded", "-n", "2", "--trace-dot", file, "testdata/token_mutex.cub", "testdata/flag_mutex.cub")
	require.Equal(t, exitBadInput, code)
	require.Empty(t, out, "rejected before any work")
	require.Contains(t, errs, "--trace-dot "+file+": with 2 model files, give a directory (one picture per model), not a file")

	code, _, errs = cubew(t, "bounded", "-n", "2", "--dot", path, "testdata/flag_mutex.cub")
	require.Equal(t, exitBadInput, code)
	require.Equal(t, "cubew: unknown flag: --dot: the bounded engines have no search graph to draw (--trace-dot draws the counterexample)\n", errs)
}

// TestPicturesPerModel: with several models, a directory receives one
// picture per model that has one; SAFE models get none.
func TestPicturesPerModel(t *testing.T) {
	dir := t.TempDir()
	code, _, errs := cubew(t, "check", "--trace-dot", dir, "--dot", dir, "testdata/token_mutex.cub", "testdata/flag_mutex.cub")
	require.Equal(t, exitUnsafe, code, errs)
	require.Empty(t, errs)
	names := []string{}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		names = append(names, e.Name())
	}
	// --dot and --trace-dot share the directory here: the trace picture
	// of flag_mutex replaces its search graph, token_mutex keeps its own.
	require.ElementsMatch(t, []string{"flag_mutex.dot", "token_mutex.dot"}, names)
	data, err := os.ReadFile(filepath.Join(dir, "flag_mutex.dot"))
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(string(data), "digraph execution"))
}

// TestPictureOfSafeModel: asking for the trace of a SAFE model says so on
// stderr and writes nothing.
func TestPictureOfSafeModel(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.dot")
	code, _, errs := cubew(t, "check", "--trace-dot", path, "testdata/token_mutex.cub")
	require.Equal(t, exitSafe, code)
	require.Equal(t, "cubew: --trace-dot: testdata/token_mutex.cub is SAFE: no counterexample to draw\n", errs)
	require.NoFileExists(t, path)
}
