package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
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

// writerLoop is a weak model whose only transition writes and can fire
// forever: its store buffers grow without bound.
const writerLoop = `weak var X : int
array Pc[proc] : int
init (p) { X = 0 && Pc[p] = 0 }
unsafe (p) { Pc[p] = 5 }
transition w ([p]) requires { Pc[p] = 0 } { X := 1 }
`

// TestExplicitBuffersBounded: the explicit engine bounds each store
// buffer by default and says so in its SAFE answer; without the bound a
// state limit stops it with UNKNOWN.
func TestExplicitBuffersBounded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "writer.cub")
	if err := os.WriteFile(path, []byte(writerLoop), 0o644); err != nil {
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

// TestTimeLimitCoversTranslation: a check whose time is up before the
// translation of its model ends answers UNKNOWN and says where. (A
// timeout of 1ns is over before the build polls; the build polls once in
// a thousand conjunctions, and this unsafe formula has 2^21.)
func TestTimeLimitCoversTranslation(t *testing.T) {
	var b strings.Builder
	var conj []string
	for i := 0; i < 21; i++ {
		b.WriteString("var A" + strconv.Itoa(i) + " : bool\nvar B" + strconv.Itoa(i) + " : bool\n")
		conj = append(conj, "(A"+strconv.Itoa(i)+" = True || B"+strconv.Itoa(i)+" = True)")
	}
	b.WriteString("init () { A0 = False }\nunsafe () { " + strings.Join(conj, " && ") + " }\n")
	path := filepath.Join(t.TempDir(), "dnf.cub")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, "check", "--timeout", "1ns", path)
	if code != exitUnknown || !strings.Contains(stdout, "time limit 1ns reached while translating the model") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}
