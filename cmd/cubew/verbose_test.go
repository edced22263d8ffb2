package main

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/translate"
	"github.com/spf13/cobra"
	"github.com/stretchr/testify/require"
)

// TestVerbose: -v adds progress and a statistics block on stderr and
// changes nothing on stdout.
func TestVerbose(t *testing.T) {
	old := progressLogEvery
	progressLogEvery = 0 // a progress line per visited node
	defer func() { progressLogEvery = old }()

	_, quiet, quietErr := cubew(t, "check", "testdata/flag_mutex_fenced.cub")
	require.Empty(t, quietErr, "no progress when stderr is not a terminal and -v is absent")
	code, out, errs := cubew(t, "check", "-v", "testdata/flag_mutex_fenced.cub")
	require.Equal(t, exitSafe, code)
	require.Equal(t, normalize(quiet), normalize(out), "-v writes nothing more on stdout")

	progress := regexp.MustCompile(`(?m)^testdata/flag_mutex_fenced.cub: \d+ nodes, queue \d+, depth \d+, \d+ nodes/s, \S+$`)
	require.Regexp(t, progress, errs)
	for _, s := range []string{
		"testdata/flag_mutex_fenced.cub: statistics\n",
		"  nodes visited ", "  covered ", "without the solver", "  solver calls ",
		"  time in pre-image ", "  time in subsumption ", "  time in the solver ", "  total time ",
		"  CPU, serial ", "  CPU, parallel parts ", "  serial fraction ",
	} {
		require.Contains(t, errs, s)
	}
	// 37 pre-images of which 3 repeat a cube already generated.
	require.Regexp(t, `(?m)^  pre-images +37$`, errs)
	require.Regexp(t, `(?m)^  cache hits +3 +\(pre-images identical to one already generated\)$`, errs)
	require.Regexp(t, `(?m)^  CPU, parallel parts +\d+\.\d{3}s +\(span \d+\.\d{3}s with this run's workers, each on a core: \d+\.\d\dx; with the serial part \d+\.\d\dx\)$`, errs)
	require.Regexp(t, `(?m)^  serial fraction +0\.\d{3} +\(Amdahl: at most \d\.\d\dx on 2 cores, \d+\.\dx on 16\)$`, errs)
	nodes := regexp.MustCompile(`nodes visited\s+(\d+)`).FindStringSubmatch(errs)
	require.NotNil(t, nodes)
	require.Contains(t, out, " "+nodes[1]+" nodes", "the statistics agree with the result")
}

// TestAmdahl: the speed-up bound of Amdahl's law that -v prints.
func TestAmdahl(t *testing.T) {
	require.InDelta(t, 6.4, amdahl(0.1, 16), 1e-9)
	require.InDelta(t, 2, amdahl(0, 2), 1e-9)
	require.InDelta(t, 1, amdahl(1, 16), 1e-9)
}

// TestProgressTerminal: on a terminal the line is rewritten in place and
// erased at the end.
func TestProgressTerminal(t *testing.T) {
	var b strings.Builder
	p := &progress{w: &b, file: "m.cub", live: true}
	p.update(reachProgress(10, 3, 2))
	p.update(reachProgress(20, 1, 4))
	p.done()
	s := b.String()
	require.Equal(t, 2, strings.Count(s, "\r\033[K"+"m.cub: "))
	require.True(t, strings.HasSuffix(s, "\r\033[K"), "the line is erased")
	require.Contains(t, s, "m.cub: 20 nodes, queue 1, depth 4, ")
	require.NotContains(t, s, "\n", "a live line never scrolls")

	var nilProgress *progress
	nilProgress.done() // nothing to erase, no panic
	require.Nil(t, newProgress(&b, false, "m.cub"), "no progress into a buffer without -v")
}

// TestVerifyTraceWeak: --verify-trace is still accepted; the
// counterexample it prints has run on the bounded engine.
func TestVerifyTraceWeak(t *testing.T) {
	code, out, errs := cubew(t, "check", "--verify-trace", "testdata/flag_mutex.cub")
	require.Equal(t, exitUnsafe, code, errs)
	require.Contains(t, out, "UNSAFE")
	require.NotContains(t, out, "not replayed")
}

// TestHelpExamples: every command's help page has an example.
func TestHelpExamples(t *testing.T) {
	var walk func(c *cobra.Command)
	seen := 0
	walk = func(c *cobra.Command) {
		if !c.Hidden {
			require.NotEmpty(t, c.Example, "command %q has no example", c.CommandPath())
			seen++
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRootCmd())
	require.GreaterOrEqual(t, seen, 8, "root, parse, check, fmt, help, completion and its shells")

	code, out, _ := cubew(t, "help", "check")
	require.Equal(t, exitSafe, code)
	require.Contains(t, out, "Examples:")
	require.Contains(t, out, "--trace-svg")
}

// TestCompletion: cobra's completion scripts, and completions of the enum
// flags.
func TestCompletion(t *testing.T) {
	for _, sh := range []string{"bash", "zsh", "fish", "powershell"} {
		code, out, errs := cubew(t, "completion", sh)
		require.Equal(t, exitSafe, code, errs)
		require.Contains(t, out, "cubew")
	}
	code, out, _ := cubew(t, "__complete", "check", "--model", "")
	require.Equal(t, exitSafe, code)
	for _, m := range []string{"sc", "tso", "pso"} {
		require.Contains(t, out, m+"\t")
	}
	_, out, _ = cubew(t, "__complete", "check", "--format", "")
	require.Contains(t, out, "json\t")
	_, out, _ = cubew(t, "__complete", "")
	for _, c := range []string{"check", "parse", "fmt"} {
		require.Contains(t, out, c+"\t")
	}
}

func reachProgress(nodes, queue, depth int) reach.Progress {
	return reach.Progress{Nodes: nodes, Queue: queue, Depth: depth, Elapsed: time.Second}
}

// TestVerifyTracePSOLitmus: every litmus example that its want file
// expects UNSAFE under pso is UNSAFE with --verify-trace: the
// counterexample of the over-approximating PSO search replays on the
// bounded engine.
func TestVerifyTracePSOLitmus(t *testing.T) {
	files, err := filepath.Glob("../../examples/litmus/*.cub")
	require.NoError(t, err)
	n := 0
	for _, path := range files {
		lines, err := readWant(path)
		require.NoError(t, err)
		if !slices.ContainsFunc(lines, func(w wantLine) bool {
			return w.Engine == "check" && w.Model == "pso" && w.Verdict == translate.Unsafe
		}) {
			continue
		}
		n++
		code, out, errs := cubew(t, "check", "--model", "pso", "--verify-trace", path)
		require.Equal(t, exitUnsafe, code, "%s: %s%s", path, out, errs)
	}
	require.Equal(t, 7, n, "litmus files UNSAFE under pso")
}

// TestPSOAlwaysVerifies: under pso the parameterized engine
// over-approximates, so an UNSAFE answer is replayed even without
// --verify-trace, and one that does not replay is UNKNOWN (lamport_N's
// pso trace does not replay with 2 processes; mutex_N_us's does).
func TestPSOAlwaysVerifies(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err)
	code, out, _ := cubew(t, "check", "--model", "pso", filepath.Join(dir, "cubicle-w/cubtso/lamport_N.cub"))
	require.Equal(t, exitUnknown, code, out)
	require.Contains(t, out, "UNKNOWN  pso")
	require.Contains(t, out, "reason: spurious counterexample")
	require.Contains(t, out, "no execution with 2 processes under pso")
	code, out, _ = cubew(t, "check", "--model", "pso", filepath.Join(dir, "cubicle-w/cubtso/mutex_N_us.cub"))
	require.Equal(t, exitUnsafe, code, out)
	require.Contains(t, out, "UNSAFE  pso")
}
