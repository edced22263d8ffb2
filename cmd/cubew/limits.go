package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/cubew/cubew/internal/limit"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// exitInterruptedTwice is the exit status after a second SIGINT or SIGTERM
// (128 + SIGINT, as a shell reports a killed job).
const exitInterruptedTwice = 130

// exitNow ends the process at a second signal (tests replace it).
var exitNow = os.Exit

// onSignals returns a context that the first SIGINT or SIGTERM cancels
// with the cause [limit.Interrupted]: the run then ends with its partial
// answer. A second signal exits at once with status 130. Call stop when
// the run is over.
func onSignals(parent context.Context, stderr io.Writer) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case <-ch:
			cancel(limit.Interrupted)
		case <-done:
			return
		}
		select {
		case <-ch:
			fmt.Fprintln(stderr, "cubew: interrupted twice: exiting now")
			exitNow(exitInterruptedTwice)
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		close(done)
		cancel(nil)
	}
}

// withTimeout bounds a run by a time limit d (0: none); the context's
// cause then words the reason ("time limit 30s reached").
func withTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	return limit.WithTimeout(ctx, d)
}

// sizeFlag is --max-memory: a size in bytes, with an optional unit
// (K, M, G, T, with or without "iB"; powers of 1024). 0 means no budget.
type sizeFlag uint64

func (f *sizeFlag) String() string { return limit.Bytes(uint64(*f)) }
func (f *sizeFlag) Type() string   { return "size" }
func (f *sizeFlag) Set(s string) error {
	t := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSpace(s), "B"), "i")
	shift := 0
	if n := len(t); n > 0 {
		if i := strings.IndexByte("KMGT", t[n-1]&^0x20); i >= 0 {
			shift, t = 10*(i+1), t[:n-1]
		}
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
	if err != nil || v < 0 {
		return fmt.Errorf("invalid size %q (want e.g. 4GiB, 512M, 0 for no budget)", s)
	}
	*f = sizeFlag(v * float64(uint64(1)<<shift))
	return nil
}

// addLimitFlags adds the run-wide limit flags to the root command and
// checks every command's limit flags before it runs.
func addLimitFlags(root *cobra.Command, g *globalOpts) {
	g.maxMemory = sizeFlag(limit.DefaultBudget())
	root.PersistentFlags().Var(&g.maxMemory, "max-memory",
		"give up (UNKNOWN) when the process uses more memory than this, e.g. 4GiB; 0 for no budget; the default is half of physical memory")
	root.PersistentPreRunE = func(cmd *cobra.Command, _ []string) error {
		if err := checkLimitFlags(cmd); err != nil {
			return err
		}
		startMemoryWatch(cmd, uint64(g.maxMemory))
		return nil
	}
}

// startMemoryWatch cancels cmd's context once the process uses more than
// budget bytes (see [limit.Watch]); the watch ends with the context.
func startMemoryWatch(cmd *cobra.Command, budget uint64) {
	if budget == 0 {
		return
	}
	ctx, cancel := context.WithCancelCause(cmd.Context())
	cmd.SetContext(ctx)
	limit.SetGoLimit(budget)
	relaxGC(budget)
	go func() {
		t := time.NewTicker(limit.WatchInterval)
		defer t.Stop()
		limit.Watch(ctx, cancel, budget, nil, t.C)
	}()
}

// nonNegative are the integer flags that must not be negative, and
// positive those that must be at least 1, wherever a command has them.
var (
	nonNegative = []string{"max-nodes", "max-executions", "max-states", "steps", "max-buffer"}
	positive    = []string{"procs"}
)

// checkLimitFlags rejects negative limits and a non-positive -n as usage
// errors (exit 2).
func checkLimitFlags(cmd *cobra.Command) error {
	var bad error
	cmd.Flags().Visit(func(f *pflag.Flag) {
		if bad != nil {
			return
		}
		switch {
		case f.Name == "timeout":
			if d, err := time.ParseDuration(f.Value.String()); err == nil && d < 0 {
				bad = withCode(exitBadInput, "%s: --timeout must not be negative (got %s)", cmd.Name(), f.Value)
			}
		case slices.Contains(nonNegative, f.Name):
			if n, err := strconv.Atoi(f.Value.String()); err == nil && n < 0 {
				bad = withCode(exitBadInput, "%s: --%s must not be negative (got %d)", cmd.Name(), f.Name, n)
			}
		case slices.Contains(positive, f.Name):
			if n, err := strconv.Atoi(f.Value.String()); err == nil && n < 1 {
				bad = withCode(exitBadInput, "%s: --%s must be at least 1 (got %d)", cmd.Name(), f.Name, n)
			}
		}
	})
	return bad
}

// stopped is the error of a phase that a done context cut short: the run
// answers UNKNOWN with reason instead of reporting bad input.
type stopped struct{ reason string }

func (s *stopped) Error() string { return s.reason }

// loadUnder is loadModel given up when ctx is done first. Parsing and
// type checking do not poll the context: they run on their own goroutine,
// whose work is dropped when the run stops (the process exits soon after
// with its answer).
func loadUnder(ctx context.Context, path string, model modelFlag) (*syntax.Model, string, memmodel.Model, error) {
	type loaded struct {
		m    *syntax.Model
		name string
		mm   memmodel.Model
		err  error
	}
	if ctx.Err() != nil {
		return nil, "", nil, &stopped{limit.Why(ctx) + " while reading the model"}
	}
	ch := make(chan loaded, 1)
	go func() {
		m, name, mm, err := loadSource(path, stdinOf(ctx), model)
		ch <- loaded{m, name, mm, err}
	}()
	select {
	case l := <-ch:
		return l.m, l.name, l.mm, l.err
	case <-ctx.Done():
		return nil, "", nil, &stopped{limit.Why(ctx) + " while reading the model"}
	}
}

// buildUnder translates m under ctx; a run stopped while translating (the
// DNF of a formula can be exponential) gives a *stopped error.
func buildUnder(ctx context.Context, m *syntax.Model) (*translate.System, error) {
	sys, err := translate.BuildContext(ctx, m)
	if err != nil && ctx.Err() != nil {
		return nil, &stopped{limit.Why(ctx) + " while translating the model"}
	}
	return sys, err
}

// stoppedResult turns a *stopped error into the UNKNOWN answer of the
// file (model names the memory model, "" when the model was not read);
// it reports false for any other error.
func stoppedResult(path, model string, err error, seconds float64) (fileResult, bool) {
	var s *stopped
	if !errors.As(err, &s) {
		return fileResult{}, false
	}
	if model == "" {
		model = "-"
	}
	return fileResult{File: path, Model: model, Engine: "reach", Verdict: translate.Unknown, Reason: s.reason, Seconds: seconds}, true
}
