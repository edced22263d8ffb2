package main

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/cubew/cubew/internal/parallel"
	"github.com/spf13/cobra"
)

// batch is how check and bounded answer a list of files: the output
// format and reports, how many files are checked at once (-j), and whether
// the exit status comes from the want files (--expect).
type batch struct {
	command string
	format  formatFlag
	trace   bool
	junit   string
	// jobs is the number of files answered at once; results are printed
	// in input order whatever it is.
	jobs int
	// expect makes the exit status 0 when every verdict is the one the
	// want files expect, 1 otherwise.
	expect bool
}

// stdinName is the name `-` (the standard input) goes by in messages.
const stdinName = "<stdin>"

// stdinKey is the context key of the standard input's text, read once by
// the command when `-` is among its files.
type stdinKey struct{}

// inputModels returns the model files the arguments name (directories
// expanded, see expandArgs) and, when `-` is among them, reads the
// standard input into the command's context (see stdinOf).
func inputModels(cmd *cobra.Command, args []string) ([]string, error) {
	paths, err := expandArgs(args)
	if err != nil || !slices.Contains(paths, "-") {
		return paths, err
	}
	src, err := io.ReadAll(cmd.InOrStdin())
	if err != nil {
		return nil, withCode(exitBadInput, "reading the standard input: %v", err)
	}
	cmd.SetContext(context.WithValue(cmd.Context(), stdinKey{}, src))
	return paths, nil
}

// stdinOf returns the standard input's text read by inputModels.
func stdinOf(ctx context.Context) []byte {
	src, _ := ctx.Value(stdinKey{}).([]byte)
	return src
}

// expandArgs replaces each directory by the `*.cub` files under it
// (recursively, in lexical order); files and `-` stay as they are. A
// directory without models is an error.
func expandArgs(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		if a == "-" || !isDir(a) {
			out = append(out, a)
			continue
		}
		found, err := cubFilesBelow(a)
		if err != nil {
			return nil, withCode(exitBadInput, "%v", err)
		}
		out = append(out, found...)
		if len(found) == 0 {
			return nil, withCode(exitBadInput, "%s: no .cub files in this directory", a)
		}
	}
	return out, nil
}

// cubFilesBelow lists the `*.cub` files under dir, recursively, in
// lexical order.
func cubFilesBelow(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".cub") {
			out = append(out, path)
		}
		return nil
	})
	return out, err
}

// searchCoresKey is the context key of the cores each search may use.
type searchCoresKey struct{}

// withSearchCores records in ctx the cores each search may use when
// files models share jobs cores: they are answered min(jobs, files) at
// once, and each gets an equal share of the cores (at least one).
func withSearchCores(ctx context.Context, jobs, files int) context.Context {
	return context.WithValue(ctx, searchCoresKey{}, max(1, jobs/max(1, min(jobs, files))))
}

// searchCores returns the cores recorded by withSearchCores (1 when none).
func searchCores(ctx context.Context) int {
	if n, ok := ctx.Value(searchCoresKey{}).(int); ok {
		return n
	}
	return 1
}

// answerAll answers every file with answer, at most jobs at once, and
// returns the outcomes in input order.
func answerAll(paths []string, jobs int, answer func(path string) (fileResult, error)) ([]fileResult, []error) {
	results := make([]fileResult, len(paths))
	errs := make([]error, len(paths))
	parallel.For(len(paths), max(1, jobs), func(_, i int) { results[i], errs[i] = answer(paths[i]) })
	return results, errs
}

// run answers the files, reports input errors on stderr, prints the
// results in the chosen format on stdout and writes the JUnit report when
// asked; it returns the results and the files that were bad input.
func (b batch) run(stdout, stderr io.Writer, paths []string, answer func(path string) (fileResult, error)) ([]fileResult, []inputError, error) {
	var results []fileResult
	var bad []inputError
	answers, errs := answerAll(paths, b.jobs, answer)
	for i, err := range errs {
		if err != nil {
			reportInputError(stderr, err)
			bad = append(bad, inputError{File: paths[i], Msg: firstLine(err), err: err})
			continue
		}
		results = append(results, answers[i])
	}
	if err := printResults(stdout, b.format, results, printOpts{Trace: b.trace, Command: b.command, Bad: bad}); err != nil {
		return nil, nil, err
	}
	if b.junit != "" {
		err := makeParent(b.junit)
		if err == nil {
			err = writeJUnit(b.junit, b.command, results, bad)
		}
		if err != nil {
			return nil, nil, withCode(exitBadInput, "--junit: %v", err)
		}
	}
	return results, bad, nil
}

// makeParent creates the directory a file is to be written in.
func makeParent(path string) error {
	return os.MkdirAll(filepath.Dir(path), 0o755)
}

// lockedWriter serialises the writes of parallel checks to one writer
// (progress and -v statistics on stderr).
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// addBatchFlags declares -j and --expect on cmd.
func addBatchFlags(cmd *cobra.Command, jobs *int, expect *bool) {
	f := cmd.Flags()
	f.IntVarP(jobs, "jobs", "j", runtime.NumCPU(), "use `N` cores: up to N files at once, and check gives each search the cores the files leave (all N to one file); the output keeps the input order")
	f.BoolVar(expect, "expect", false, "exit status from the NAME.want files: 0 when every verdict is the expected one, 1 when some is not, 2 for bad input")
}

// expectExit is the exit status under --expect: bad input (a model or a
// want file) first, then any verdict other than the expected one, each
// reported on w.
func expectExit(w io.Writer, command string, results []fileResult, bad []inputError) error {
	wants := wantFiles{}
	badWant := false
	mismatch := false
	for _, r := range results {
		lines, err := wants.read(r.File)
		if err != nil {
			reportInputError(w, err)
			badWant = true
		}
		if want := expected(lines, r); r.Verdict != want {
			fmt.Fprintf(w, "cubew: %s: %s: got %s, want %s\n", r.File, caseName(command, r), strings.ToUpper(r.Verdict.String()), strings.ToUpper(want.String()))
			mismatch = true
		}
	}
	switch {
	case len(bad) > 0 || badWant:
		return silentCode(exitBadInput)
	case mismatch:
		return silentCode(exitUnsafe)
	}
	return nil
}
