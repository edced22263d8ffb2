package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestBrabStates: --brab-states bounds the states kept per oracle
// instance. szymanski_at's oracle with --brab 3 holds 1,240 states over
// 1..4 processes (the instance with 4 is small enough for the default
// limit); with 100 the instance with 3 is explored partially (151
// states over 1..3), the one with 4 is left out, -v says so, and the
// search still proves the same 14 candidates in 31 nodes.
func TestBrabStates(t *testing.T) {
	path := szymanskiAt(t)
	code, out, errs := cubew(t, "check", "-v", "--brab", "3", path)
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, out, "SAFE  sc  31 nodes")
	require.Contains(t, errs, "szymanski_at.cub: invariant inference: oracle of 1240 states over 1..4 processes\n")

	code, out, errs = cubew(t, "check", "-v", "--brab", "3", "--brab-states", "100", path)
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, out, "SAFE  sc  31 nodes")
	require.Contains(t, errs, "szymanski_at.cub: invariant inference: oracle of 151 states over 1..3 processes (partial: instance with 3 processes: state limit 100 reached)\n")
	require.Contains(t, errs, "szymanski_at.cub: invariant inference: 14 candidates visited, 0 refuted, 0 restarts\n")
}
