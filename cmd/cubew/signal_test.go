package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/internal/limit"
	"github.com/cubew/cubew/internal/slowmodels"

	"github.com/stretchr/testify/require"
)

// asCLI is set in the environment of a child test binary that must run
// as the cubew command (see TestMain).
const asCLI = "CUBEW_TEST_AS_CLI"

// TestMain runs the test binary as the cubew command when asCLI is set:
// the signal tests send signals to such children. Progress is then
// printed on every visited node, so a child shows it is searching.
func TestMain(m *testing.M) {
	if os.Getenv(asCLI) == "1" {
		progressLogEvery = 0
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// TestSIGINTGivesPartialAnswer sends one SIGINT to 100 children in a
// row, each once it has printed search progress, and wants every time
// exit status 3 and an UNKNOWN line whose reason says "interrupted
// after": never a hang, a Go fatal error or a lost answer. The children
// alternate between a search stuck in subsumption (the ticket lock,
// depth first) and one that calls Z3 at every node (flash.cub).
func TestSIGINTGivesPartialAnswer(t *testing.T) {
	if testing.Short() {
		t.Skip("starts 100 processes")
	}
	ticket := filepath.Join(t.TempDir(), "ticket.cub")
	if err := os.WriteFile(ticket, []byte(slowmodels.Ticket), 0o644); err != nil {
		t.Fatal(err)
	}
	runs := [][]string{{"check", "-v", "--search", "dfs", ticket}}
	dir, err := corpus.Dir()
	require.NoError(t, err, "the shared corpus (CUBEW_CORPUS)")
	runs = append(runs, []string{"check", "-v", filepath.Join(dir, "cubicle", "flash.cub")})
	for i := 0; i < 100; i++ {
		args := runs[i%len(runs)]
		code, stdout, stderr := interruptChild(t, args)
		if code != exitUnknown || !strings.Contains(stdout, "UNKNOWN") || !strings.Contains(stdout, "interrupted after") {
			t.Fatalf("run %d (%s): exit %d, want %d with an UNKNOWN answer interrupted after some nodes\nstdout:\n%s\nstderr (end):\n%s",
				i, strings.Join(args, " "), code, exitUnknown, stdout, tail(stderr, 2000))
		}
	}
}

// interruptChild starts the test binary as cubew with args, waits for
// its first progress line on stderr, sends it SIGINT and returns its exit
// status and output. A child still running long after the signal is
// killed (the test then fails on its status).
func interruptChild(t *testing.T, args []string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), asCLI+"=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(pipe)
	for sc.Scan() {
		stderr.WriteString(sc.Text() + "\n")
		if strings.Contains(sc.Text(), " nodes, queue ") {
			break
		}
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	watchdog := time.AfterFunc(30*time.Second, func() { cmd.Process.Kill() })
	defer watchdog.Stop()
	for sc.Scan() {
		stderr.WriteString(sc.Text() + "\n")
	}
	err = cmd.Wait()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0, stdout.String(), stderr.String()
	case errors.As(err, &ee):
		return ee.ExitCode(), stdout.String(), stderr.String()
	}
	t.Fatal(err)
	return 0, "", ""
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// TestSecondSignalExitsAt130: the first SIGINT cancels the run with the
// cause "interrupted"; the second exits at once with status 130.
func TestSecondSignalExitsAt130(t *testing.T) {
	exited := make(chan int, 1)
	defer func(f func(int)) { exitNow = f }(exitNow)
	exitNow = func(code int) { exited <- code }
	var stderr bytes.Buffer
	ctx, stop := onSignals(context.Background(), &stderr)
	defer stop()
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	<-ctx.Done()
	if got := limit.Why(ctx); got != "interrupted" {
		t.Fatalf("cause of the first signal: %q, want interrupted", got)
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if code := <-exited; code != 130 || !strings.Contains(stderr.String(), "interrupted twice") {
		t.Fatalf("second signal: exit %d, stderr %q; want 130 and a word on stderr", code, stderr.String())
	}
}
