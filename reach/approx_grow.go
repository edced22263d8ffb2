package reach

import "math"

// Grower is an Oracle that can explore more of the system when one of
// its answers proved wrong: a candidate it called unreached was refuted.
// Package oracle's Grow explores one more process (oracle.Oracle.Grow).
type Grower interface {
	// Grow explores more and reports whether the oracle's answers may
	// have changed. It must be safe for concurrent use.
	Grow() bool
}

// growOracle asks the oracle, if it can grow, to explore more after a
// refutation: the next run's candidates are judged by the larger
// oracle. A run without approximation asks it nothing.
func (e *engine) growOracle() {
	if g, ok := e.opts.Oracle.(Grower); ok && !e.noApprox {
		g.Grow()
	}
}

// Deepener is an Oracle whose instances may be partial (explored up to
// a state limit), which it can explore further: package oracle's Deepen
// (oracle.Oracle.Deepen).
type Deepener interface {
	// Deepen explores the partial instances further and reports whether
	// the oracle's answers may have changed (only from "unreached" to
	// "reached"). It must be safe for concurrent use.
	Deepen() bool
}

// stallNodes is the number of nodes a search visits while it
// approximates (Options.ApproxAfter's exact nodes not counted) before it
// deepens a partial oracle: a search that is not done by then has
// stalled. The corpus models decided with a partial oracle are decided
// sooner (flash_nodata in 131 nodes, ricart_agrawala in 78: with 50
// here, neither deepens).
const stallNodes = 100

// deepenIfStalled deepens the oracle (Deepener) of a search that has
// approximated for stallNodes nodes, once: a partial oracle's
// "unreached" is a guess about the states past its limit. When the
// oracle grew, the candidates of the run it judged and now calls reached
// are refuted and the search starts over (errRestart), approximating
// from its first node, with the deeper oracle. Both the candidates and
// the exact first nodes can make a search stall: FLASH with data
// (cubicle/flash.cub) grows past 1,000 nodes both with its first
// 200 nodes exact and an oracle of 100,000 states per instance, and
// from its first node with 30,000 (4 of its first 261 candidates are
// reachable but deeper in the instance than that); from its first node
// with 120,000 it is SAFE in 538 nodes. It is asked between layers, so
// the answer does not depend on the number of workers.
func (e *engine) deepenIfStalled() error {
	d, ok := e.opts.Oracle.(Deepener)
	if !ok || e.noApprox || e.exactYet() {
		return nil
	}
	if e.deepenAt == 0 {
		e.deepenAt = e.stats.Nodes + stallNodes
	}
	if e.stats.Nodes < e.deepenAt {
		return nil
	}
	e.deepenAt = e.stats.Nodes + stallNodes
	if !d.Deepen() {
		e.deepenAt = math.MaxInt // complete, or as deep as it goes
		return nil
	}
	e.stats.Deepened++
	refuted := 0
	for _, c := range e.cands {
		if c.judged && e.opts.Oracle.Reached(judgedAs(c.cube)) {
			e.refute(c)
			refuted++
		}
	}
	e.stats.DeepRefuted += refuted
	return errRestart
}
