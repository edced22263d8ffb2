package reach

// CheapOracle is an Oracle that can tell, before it is explored, that
// exploring it costs little (oracle.Lazy: its small instances are
// complete within a few hundred states). Options.CheapApproxAfter then
// ends the exact part of a search sooner.
type CheapOracle interface {
	Oracle
	// Cheap reports whether the oracle is cheap to explore. It is asked
	// once the search is past Options.CheapApproxAfter nodes (then on
	// each node until the exact part ends), must keep its answer, and
	// must be safe for concurrent use.
	Cheap() bool
}

// cheapOracle reports whether o is a CheapOracle that is cheap.
func cheapOracle(o Oracle) bool {
	c, ok := o.(CheapOracle)
	return ok && c.Cheap()
}
