package export

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"

	"github.com/cubew/cubew/translate"
)

// SPINOptions budgets a run of SPIN by SPIN's own limits, never by time.
// The zero value gives the defaults.
type SPINOptions struct {
	// MaxDepth is pan's search depth limit (-m); 0 means 1,000,000. A
	// search that reaches it is not exhaustive: verdict Unknown.
	MaxDepth int
	// MemoryMB is pan's memory limit (-DMEMLIM); 0 means 1024. A search
	// that runs out of it gives verdict Unknown.
	MemoryMB int
	// Optimize compiles pan with -O2 (slower to build, faster to search).
	Optimize bool
}

// SPINResult is what SPIN answered on a Promela export.
type SPINResult struct {
	Verdict translate.Verdict
	// States and Matched are pan's "states, stored" and "states, matched";
	// Depth its "depth reached".
	States, Matched, Depth int
	// Seconds is pan's own elapsed time for the search (without spin -a
	// and the C compiler).
	Seconds float64
	// Reason explains an Unknown verdict.
	Reason string
}

// SPIN checks a Promela model written by [Promela] with the spin and cc
// commands (spin -a, cc pan.c, ./pan -E) in a temporary directory, and
// reads pan's verdict: an assertion violation is Unsafe, an exhaustive
// search without errors Safe. It returns an error when spin or cc is
// missing or fails, or pan reports an error other than the assertion.
func SPIN(ctx context.Context, model []byte, opts SPINOptions) (*SPINResult, error) {
	if opts.MaxDepth == 0 {
		opts.MaxDepth = 1_000_000
	}
	if opts.MemoryMB == 0 {
		opts.MemoryMB = 1024
	}
	dir, err := os.MkdirTemp("", "cubew-spin-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "model.pml"), model, 0o644); err != nil {
		return nil, err
	}
	optimize := "-O0"
	if opts.Optimize {
		optimize = "-O2"
	}
	if _, err := run(ctx, dir, "spin", "-a", "model.pml"); err != nil {
		return nil, err
	}
	if _, err := run(ctx, dir, "cc", optimize, "-w", "-DSAFETY", "-DVECTORSZ=65536", fmt.Sprintf("-DMEMLIM=%d", opts.MemoryMB), "-o", "pan", "pan.c"); err != nil {
		return nil, err
	}
	out, err := run(ctx, dir, "./pan", "-E", fmt.Sprintf("-m%d", opts.MaxDepth))
	if err != nil && len(out) == 0 {
		return nil, err
	}
	return readPan(out)
}

// readPan reads pan's report. Its patterns are compiled here, not at
// start-up: every cubew run would pay for them otherwise.
func readPan(out []byte) (*SPINResult, error) {
	find := func(pattern string) []byte {
		if m := regexp.MustCompile(pattern).FindSubmatch(out); m != nil {
			return m[1]
		}
		return nil
	}
	count := func(pattern string) int {
		m := find(pattern)
		if m == nil {
			return -1
		}
		n, _ := strconv.Atoi(string(m))
		return n
	}
	res := &SPINResult{States: count(`(\d+) states, stored`), Matched: count(`(\d+) states, matched`), Depth: count(`depth reached (\d+)`)}
	if m := find(`pan: elapsed time ([0-9.e+-]+) seconds`); m != nil {
		res.Seconds, _ = strconv.ParseFloat(string(m), 64)
	}
	errs := count(`errors: (\d+)`)
	switch {
	case bytes.Contains(out, []byte("assertion violated")):
		res.Verdict = translate.Unsafe
	case bytes.Contains(out, []byte("max search depth too small")):
		res.Verdict, res.Reason = translate.Unknown, fmt.Sprintf("SPIN reached its depth limit (%d)", res.Depth)
	case bytes.Contains(out, []byte("out of memory")), bytes.Contains(out, []byte("MEMLIM")):
		res.Verdict, res.Reason = translate.Unknown, "SPIN ran out of its memory limit"
	case errs == 0 && res.States >= 0:
		res.Verdict = translate.Safe
	default:
		return nil, fmt.Errorf("spin: unexpected report from pan:\n%s", out)
	}
	return res, nil
}

// run runs a command in dir and returns its standard output.
func run(ctx context.Context, dir, name string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stdout.Bytes(), fmt.Errorf("%s: %w\n%s%s", name, err, stdout.Bytes(), stderr.Bytes())
	}
	return stdout.Bytes(), nil
}
