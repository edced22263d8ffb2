package certify_test

import (
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/stretchr/testify/require"
)

// TestDifftestFindings re-checks with both provers the certificates of
// the generated models whose certificates difftest found rejected or
// unreadable (testdata: each file says what was wrong).
func TestDifftestFindings(t *testing.T) {
	tallies := newTallies(t)
	files := []struct {
		path string
		mm   memmodel.Model
	}{
		{"testdata/weak_array_dom.cub", memmodel.TSO},
		{"testdata/fenced_write.cub", memmodel.TSO},
		{"testdata/var_case.cub", memmodel.SC},
	}
	for _, f := range files {
		t.Run(f.path, func(t *testing.T) { confirm(t, text(t, proveUnder(t, f.path, f.mm)), tallies) })
	}
	for name, tl := range tallies {
		require.Equal(t, len(files), tl.confirmed, "certificates confirmed by %s", name)
	}
	report(t, "difftest findings", tallies)
}
