package reach

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
