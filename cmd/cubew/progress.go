package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/smt"
)

// progressEvery is how often the progress line is refreshed on a terminal;
// without a terminal (-v into a log) a line is printed every
// progressLogEvery. Tests lower them.
var (
	progressEvery    = 100 * time.Millisecond
	progressLogEvery = 2 * time.Second
)

// progress shows a live line on stderr while a search runs: visited nodes,
// queue size, depth of the last node, nodes per second and elapsed time. On
// a terminal the line is rewritten in place and erased at the end; into a
// file or pipe (only with -v) one line is printed every progressLogEvery.
// A nil *progress does nothing.
type progress struct {
	w     io.Writer
	file  string
	live  bool
	every time.Duration
	last  time.Time
	shown bool
}

// newProgress returns the progress display for one file, or nil when
// stderr is not a terminal and -v was not given.
func newProgress(w io.Writer, verbose bool, file string) *progress {
	live := isTerminal(w)
	if !live && !verbose {
		return nil
	}
	p := &progress{w: w, file: file, live: live, every: progressLogEvery, last: time.Now()}
	if live {
		p.every = progressEvery
	}
	return p
}

// update is the reach.Options.Progress callback.
func (p *progress) update(s reach.Progress) {
	now := time.Now()
	if now.Sub(p.last) < p.every {
		return
	}
	p.last = now
	rate := 0.0
	if s.Elapsed > 0 {
		rate = float64(s.Nodes) / s.Elapsed.Seconds()
	}
	line := fmt.Sprintf("%s: %d nodes, queue %d, depth %d, %.0f nodes/s, %s",
		p.file, s.Nodes, s.Queue, s.Depth, rate, s.Elapsed.Round(100*time.Millisecond))
	if p.live {
		fmt.Fprintf(p.w, "\r\033[K%s", line)
		p.shown = true
		return
	}
	fmt.Fprintln(p.w, line)
}

// done erases the live line.
func (p *progress) done() {
	if p != nil && p.live && p.shown {
		fmt.Fprint(p.w, "\r\033[K")
	}
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// solverStats adds up the work of the solvers of one search, read when
// each is closed.
type solverStats struct {
	mu    sync.Mutex
	stats smt.Stats
}

func (s *solverStats) wrap(sv smt.Solver) smt.Solver { return &countingSolver{Solver: sv, into: s} }

// countingSolver records its solver's statistics when it is closed.
type countingSolver struct {
	smt.Solver
	into   *solverStats
	closed bool
}

func (c *countingSolver) Close() {
	if !c.closed {
		c.closed = true
		st := c.Solver.Stats()
		c.into.mu.Lock()
		c.into.stats.Checks += st.Checks
		c.into.stats.Sat += st.Sat
		c.into.stats.Unsat += st.Unsat
		c.into.stats.Unknown += st.Unknown
		c.into.stats.Builtin += st.Builtin
		c.into.stats.Time += st.Time
		c.into.mu.Unlock()
	}
	c.Solver.Close()
}

// printStats writes the -v statistics block of a search to stderr.
func printStats(w io.Writer, file string, st reach.Stats, solvers *solverStats, seconds float64) {
	solvers.mu.Lock()
	sv := solvers.stats
	solvers.mu.Unlock()
	fmt.Fprintf(w, "%s: statistics\n", file)
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 8, 2, ' ', 0)
	fmt.Fprintf(tw, "  nodes visited\t%d\t(largest with %d process variables)\n", st.Nodes, st.MaxVars)
	fmt.Fprintf(tw, "  pre-images\t%d\t\n", st.Generated)
	fmt.Fprintf(tw, "  cache hits\t%d\t(pre-images identical to one already generated)\n", st.CacheHits)
	fmt.Fprintf(tw, "  covered\t%d\t(%d without the solver)\n", st.Covered, st.Syntactic)
	fmt.Fprintf(tw, "  deleted\t%d\t(visited, then subsumed)\n", st.Deleted)
	fmt.Fprintf(tw, "  solver calls\t%d\t(%d sat, %d unsat, %d unknown; %d answered without Z3)\n", sv.Checks, sv.Sat, sv.Unsat, sv.Unknown, sv.Builtin)
	fmt.Fprintf(tw, "  time in pre-image\t%s\t\n", dur(st.PreImage))
	fmt.Fprintf(tw, "  time in subsumption\t%s\t\n", dur(st.Subsume))
	fmt.Fprintf(tw, "  time in safety checks\t%s\t\n", dur(st.Safety))
	fmt.Fprintf(tw, "  time in the solver\t%s\t\n", dur(sv.Time))
	fmt.Fprintf(tw, "  total time\t%.3fs\t\n", seconds)
	printCPUShares(tw, st)
	tw.Flush()
	for _, line := range strings.SplitAfter(b.String(), "\n") {
		if line != "" {
			fmt.Fprintln(w, strings.TrimRight(line, " \n"))
		}
	}
}

// printCPUShares writes the lines of the search's CPU time on its own
// thread (serial) and in its parallel parts, and the speed-ups they allow
// (Amdahl's law), when the search measured them (reach.Options.MeasureCPU).
func printCPUShares(w io.Writer, st reach.Stats) {
	serial, par := st.SerialCPU.Seconds(), st.ParallelCPU.Seconds()
	if serial+par <= 0 {
		return
	}
	s := serial / (serial + par)
	fmt.Fprintf(w, "  CPU, serial\t%.3fs\t(the search's thread outside the parallel parts)\n", serial)
	span, balance := st.ParallelSpan.Seconds(), 1.0
	if span > 0 {
		balance = par / span
	}
	fmt.Fprintf(w, "  CPU, parallel parts\t%.3fs\t(span %.3fs with this run's workers, each on a core: %.2fx; with the serial part %.2fx)\n",
		par, span, balance, (serial+par)/(serial+span))
	fmt.Fprintf(w, "  serial fraction\t%.3f\t(Amdahl: at most %.2fx on 2 cores, %.1fx on 16)\n", s, amdahl(s, 2), amdahl(s, 16))
}

// amdahl is the speed-up on cores cores of work whose serial fraction is s.
func amdahl(s float64, cores int) float64 { return 1 / (s + (1-s)/float64(cores)) }

func dur(d time.Duration) string { return fmt.Sprintf("%.3fs", d.Seconds()) }
