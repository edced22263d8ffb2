package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/cubew/cubew/translate"
	"github.com/spf13/cobra"
)

// pictureOpts are the flags that write pictures: --dot (the search graph
// of the parameterized engine), --trace-dot and --trace-svg (the execution
// graph of a counterexample). Each takes a file; with several models it is
// a directory (created if needed), which receives NAME.dot or NAME.svg per
// model.
type pictureOpts struct {
	dot, traceDot, traceSVG string
}

// flags declares the flags on cmd; search adds --dot.
func (p *pictureOpts) flags(cmd *cobra.Command, search bool) {
	f := cmd.Flags()
	if search {
		f.StringVar(&p.dot, "dot", "", "write the search graph as Graphviz dot to `FILE` (a directory for several models)")
		cmd.MarkFlagFilename("dot", "dot", "gv")
	}
	f.StringVar(&p.traceDot, "trace-dot", "", "write the counterexample's execution graph as Graphviz dot to `FILE`")
	f.StringVar(&p.traceSVG, "trace-svg", "", "render the counterexample's execution graph to `FILE` as SVG (needs Graphviz)")
	cmd.MarkFlagFilename("trace-dot", "dot", "gv")
	cmd.MarkFlagFilename("trace-svg", "svg")
}

// run is the body of check and bounded: it expands directories to their
// models, reads the standard input for `-`, checks the picture flags,
// answers the files (batch.run), draws the pictures asked for and returns
// the exit status of the verdicts, or of their comparison with the want
// files under --expect.
func (p *pictureOpts) run(cmd *cobra.Command, args []string, b batch, answer func(path string) (fileResult, error)) error {
	if b.jobs < 1 {
		return withCode(exitBadInput, "-j must be at least 1")
	}
	paths, err := inputModels(cmd, args)
	if err != nil {
		return err
	}
	cmd.SetContext(withSearchCores(cmd.Context(), b.jobs, len(paths)))
	if b.jobs > 1 {
		cmd.SetErr(&lockedWriter{w: cmd.ErrOrStderr()})
	}
	if err := p.validate(paths); err != nil {
		return err
	}
	results, bad, err := b.run(cmd.OutOrStdout(), cmd.ErrOrStderr(), paths, answer)
	if err != nil {
		return err
	}
	if err := p.write(cmd, results); err != nil {
		return err
	}
	if b.expect {
		return expectExit(cmd.ErrOrStderr(), b.command, results, bad)
	}
	return verdictExit(results, len(bad) > 0)
}

// validate prepares, before any work, the places the pictures go (a
// directory, created, for several models; the parent directory of a file
// for one) and rejects --trace-svg without Graphviz.
func (p *pictureOpts) validate(paths []string) error {
	for _, f := range []struct{ flag, path string }{{"dot", p.dot}, {"trace-dot", p.traceDot}, {"trace-svg", p.traceSVG}} {
		if f.path == "" {
			continue
		}
		var err error
		switch {
		case len(paths) == 1 || isDir(f.path):
			err = makeParent(f.path)
		case fileExists(f.path):
			return withCode(exitBadInput, "--%s %s: with %d model files, give a directory (one picture per model), not a file", f.flag, f.path, len(paths))
		default:
			err = os.MkdirAll(f.path, 0o755)
		}
		if err != nil {
			return withCode(exitBadInput, "--%s: %v", f.flag, err)
		}
	}
	if p.traceSVG != "" && !dotAvailable() {
		return withCode(exitBadInput, "--trace-svg: %v", errNoDot)
	}
	return nil
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// target is where the picture of one model goes.
func target(path, model, ext string) string {
	if !isDir(path) {
		return path
	}
	return filepath.Join(path, strings.TrimSuffix(filepath.Base(model), ".cub")+ext)
}

// write writes the pictures of the results. A model without a graph to
// draw (a SAFE answer has no counterexample) gets a note on stderr when it
// was the only model, and nothing otherwise.
func (p *pictureOpts) write(cmd *cobra.Command, results []fileResult) error {
	note := func(flag string, r fileResult, what string) {
		if len(results) == 1 {
			fmt.Fprintf(cmd.ErrOrStderr(), "cubew: --%s: %s is %s: %s\n", flag, r.File, strings.ToUpper(r.Verdict.String()), what)
		}
	}
	for _, r := range results {
		if p.dot != "" {
			if r.Result == nil || r.Result.Graph == nil {
				note("dot", r, "no search graph")
			} else {
				var b bytes.Buffer
				if err := printSearchDot(&b, r); err != nil {
					return err
				}
				if err := os.WriteFile(target(p.dot, r.File, ".dot"), b.Bytes(), 0o644); err != nil {
					return withCode(exitBadInput, "--dot: %v", err)
				}
			}
		}
		if p.traceDot == "" && p.traceSVG == "" {
			continue
		}
		if r.Verdict != translate.Unsafe || r.Trace == nil {
			if p.traceDot != "" {
				note("trace-dot", r, "no counterexample to draw")
			}
			if p.traceSVG != "" {
				note("trace-svg", r, "no counterexample to draw")
			}
			continue
		}
		var b bytes.Buffer
		if err := printTraceDot(&b, r); err != nil {
			return err
		}
		if p.traceDot != "" {
			if err := os.WriteFile(target(p.traceDot, r.File, ".dot"), b.Bytes(), 0o644); err != nil {
				return withCode(exitBadInput, "--trace-dot: %v", err)
			}
		}
		if p.traceSVG != "" {
			svg, err := renderSVG(cmd.Context(), b.Bytes())
			if err != nil {
				return withCode(exitBadInput, "--trace-svg: %v", err)
			}
			if err := os.WriteFile(target(p.traceSVG, r.File, ".svg"), svg, 0o644); err != nil {
				return withCode(exitBadInput, "--trace-svg: %v", err)
			}
		}
	}
	return nil
}
