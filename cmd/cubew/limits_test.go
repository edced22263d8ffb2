package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cubew/cubew/internal/limit"
	"github.com/cubew/cubew/internal/slowmodels"
	"github.com/cubew/cubew/translate"
)

// TestBadLimitsAreUsageErrors: negative limits and -n 0 exit 2 with a
// message naming the flag, before any model is read.
func TestBadLimitsAreUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"check", "--timeout", "-1s", "x.cub"},
		{"check", "--max-nodes", "-5", "x.cub"},
		{"bounded", "-n", "0", "x.cub"},
		{"bounded", "-n", "2", "--steps", "-1", "x.cub"},
		{"bounded", "-n", "2", "--max-states", "-1", "x.cub"},
		{"bounded", "-n", "2", "--max-buffer", "-1", "x.cub"},
		{"bounded", "-n", "2", "--timeout", "-3s", "x.cub"},
		{"crosscheck", "--timeout", "-1s", "x.cub"},
		{"check", "--max-memory", "-1G", "x.cub"},
	} {
		code, _, stderr := runCLI(t, args...)
		flag := args[len(args)-3]
		if args[len(args)-3] == "-n" {
			flag = "procs"
		}
		if code != exitBadInput || !strings.Contains(stderr, strings.TrimLeft(flag, "-")) {
			t.Errorf("%v: exit %d, stderr %q; want %d naming %s", args, code, stderr, exitBadInput, flag)
		}
	}
}

// TestMemoryBudgetFlag parses sizes with binary units.
func TestMemoryBudgetFlag(t *testing.T) {
	for in, want := range map[string]uint64{"0": 0, "512M": 512 << 20, "4GiB": 4 << 30, "1.5G": 3 << 29, "2048": 2048, "1k": 1024} {
		var f sizeFlag
		if err := f.Set(in); err != nil || uint64(f) != want {
			t.Errorf("Set(%q) = %d, %v; want %d", in, uint64(f), err, want)
		}
	}
}

// TestExplicitBuffersBounded: the explicit engine bounds each store
// buffer by default and says so in its SAFE answer; without the bound a
// state limit stops it with UNKNOWN.
func TestExplicitBuffersBounded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "writer.cub")
	if err := os.WriteFile(path, []byte(slowmodels.WriterLoop), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ := runCLI(t, "bounded", "-n", "2", "--engine", "explicit", path)
	if code != exitSafe || !strings.Contains(stdout, "safe up to 32 pending writes per buffer") {
		t.Errorf("default buffer bound: exit %d, stdout %q", code, stdout)
	}
	code, stdout, _ = runCLI(t, "bounded", "-n", "2", "--engine", "explicit", "--max-buffer", "0", "--max-states", "1000", path)
	if code != exitUnknown || !strings.Contains(stdout, "state limit 1000 reached") {
		t.Errorf("no buffer bound: exit %d, stdout %q", code, stdout)
	}
}

// TestTimeLimitCoversReadingAndTranslation: a file whose time is up
// before it is read, or while its model is translated, answers UNKNOWN
// and says where. (The build polls once in a thousand conjunctions; this
// unsafe formula has 2^21.)
func TestTimeLimitCoversReadingAndTranslation(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dnf.cub")
	if err := os.WriteFile(path, []byte(slowmodels.Disjunctions(21)), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(limit.TimeLimit(time.Second))
	_, _, _, err := loadUnder(ctx, path, "")
	r, ok := stoppedResult(path, "", err, 0)
	if !ok || r.Verdict != translate.Unknown || r.Reason != "time limit 1s reached while reading the model" {
		t.Errorf("loadUnder: %v; result %+v", err, r)
	}
	m, _, _, err := loadModel(path, "")
	if err != nil {
		t.Fatal(err)
	}
	_, err = buildUnder(ctx, m)
	r, ok = stoppedResult(path, "sc", err, 0)
	if !ok || r.Reason != "time limit 1s reached while translating the model" {
		t.Errorf("buildUnder: %v; result %+v", err, r)
	}
}
