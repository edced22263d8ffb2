package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/stretchr/testify/require"
)

// TestRicartInvariantsPasteBack: plain check (default options, budgeted by
// nodes, no clock) proves ricart_agrawala SAFE with invariants it infers,
// which `--invariants` prints as declarations; pasted into the model, a
// search without inference (--brab 0) proves every one of them and the
// unsafe cube. Inference starts after about 45 exact nodes here, when
// the nodes have made 200 ordinary nodes' worth of pre-images.
func TestRicartInvariantsPasteBack(t *testing.T) {
	dir, err := corpus.Dir()
	if err != nil {
		t.Skipf("shared corpus: %v", err)
	}
	path := filepath.Join(dir, "cubicle", "ricart_agrawala.cub")
	code, out, errs := cubew(t, "check", "--max-nodes", "1000", "--invariants", path)
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, out, "SAFE  sc  78 nodes")
	require.Contains(t, out, "\n    invariants inferred (12):\n")
	decls := regexp.MustCompile(`(?m)^    (invariant \(.*\})$`).FindAllStringSubmatch(out, -1)
	require.Len(t, decls, 12)
	// One of them relates the logical clocks (reals, which the oracle
	// keys by their order).
	require.Contains(t, out, "invariant (p1 p2) { Clock[p2] = Last[p1] && Sender[p2] < p1 && State[p2] = L2 }")

	src, err := os.ReadFile(path)
	require.NoError(t, err)
	var pasted strings.Builder
	pasted.Write(src)
	for _, d := range decls {
		pasted.WriteString("\n" + d[1])
	}
	file := filepath.Join(t.TempDir(), "ricart_inv.cub")
	require.NoError(t, os.WriteFile(file, []byte(pasted.String()+"\n"), 0o644))
	code, out, errs = cubew(t, "check", "--brab", "0", "--max-nodes", "1000", file)
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, out, "SAFE  sc  32 nodes")
	require.Contains(t, out, "invariants proved: invariant[1], invariant[2], invariant[3], invariant[4], invariant[5], "+
		"invariant[6], invariant[7], invariant[8], invariant[9], invariant[10], invariant[11], invariant[12]\n")
	require.NotContains(t, out, "invariants inferred")
}
