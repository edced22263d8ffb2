package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/stretchr/testify/require"
)

// TestBrabFinalReadPasteBack: an inferred invariant that keeps a final
// read prints it as the input language writes it (`p1 @ Astate[p1]`, not
// the event's value), and pasted into the model, plain check proves it.
// two_phase_N under TSO, approximated from the first node: one invariant,
// 47 nodes.
func TestBrabFinalReadPasteBack(t *testing.T) {
	dir, err := corpus.Dir()
	if err != nil {
		t.Skipf("shared corpus: %v", err)
	}
	path := filepath.Join(dir, "cubicle-w", "cubtso", "two_phase_N.cub")
	code, out, errs := cubew(t, "check", "--brab-after", "0", "--invariants", path)
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, out, "SAFE  tso  47 nodes")
	const decl = "invariant (p1 p2) { PC[p2] = A1 && p1 @ Astate[p1] = Committed }"
	require.Contains(t, out, "\n    invariants inferred (1):\n    "+decl+"\n")

	src, err := os.ReadFile(path)
	require.NoError(t, err)
	pasted := filepath.Join(t.TempDir(), "two_phase_inv.cub")
	require.NoError(t, os.WriteFile(pasted, []byte(string(src)+"\n"+decl+"\n"), 0o644))
	code, out, errs = cubew(t, "check", pasted)
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, out, "invariants proved: invariant[1]")
	require.NotContains(t, out, "invariants inferred")
	require.Equal(t, 1, strings.Count(out, "SAFE"))
}
