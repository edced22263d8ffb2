package certify_test

import (
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cubew/cubew/certify"
	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/memmodel"
	"github.com/stretchr/testify/require"
)

// TestGroundForms pins the ground forms of germanish's certificate (sc):
// the 6 transition obligations whose pre-images the search covered by a
// disjunction assumed quantified cubes before session certs10; now every
// transition-cube obligation assumes instances only (reach.Covers gives
// each candidate's renamings), and every init obligation of a cube
// states it of its Skolem constants with the instances of init. Z3
// confirms the certificate, and rejects it once the instances of the
// obligations that assume several cubes are dropped: each of those 15
// is then refuted (sat).
func TestGroundForms(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err)
	script := text(t, proveUnder(t, filepath.Join(dir, "cubicle/germanish.cub"), memmodel.SC))
	require.NotContains(t, script, "; of inv: dom, not ", "no quantified cubes assumed")
	ground := regexp.MustCompile(`; of inv: dom, and below the instances of not (.*) that cover`).FindAllStringSubmatch(script, -1)
	require.Len(t, ground, 114, "ground transition-cube obligations")
	require.Equal(t, 19, strings.Count(script, "(echo \"obligation init: node_"), "init obligations of cubes")
	require.Equal(t, 46, strings.Count(script, "(init_at pre."), "an instance of init (one parameter) per process of each cube")

	out, err := certify.Z3(context.Background(), script, z3Rlimit)
	require.NoError(t, err)
	require.Empty(t, failing(out), "Z3 confirms the certificate")

	// Drop every instance of the obligations that assume several cubes.
	var b strings.Builder
	dropping, several := false, 0
	for _, line := range strings.SplitAfter(script, "\n") {
		if _, cubes, ok := strings.Cut(line, "; of inv: dom, and below the instances of not "); ok && strings.Contains(cubes, ", ") {
			dropping = true
			several++
		}
		if line == "(check-sat)\n" {
			dropping = false
		}
		if dropping && strings.HasPrefix(line, "(assert (not (node_") {
			continue
		}
		b.WriteString(line)
	}
	require.Equal(t, 15, several, "obligations that assume several cubes")
	out, err = certify.Z3(context.Background(), b.String(), 1_000_000)
	require.NoError(t, err)
	bad := failing(out)
	require.Len(t, bad, several, "without their instances, each of them fails")
	for _, f := range bad {
		require.True(t, strings.HasSuffix(f, ": sat"), "%s: refuted, not merely unproved", f)
	}
}
