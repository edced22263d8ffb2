package reach_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

var weakKeyword = regexp.MustCompile(`\bweak\s+`)

// TestWeakCorpusUnderSC checks, over the whole weak corpus, that a model
// checked with --model sc gets the same verdict as the same model with
// every `weak` removed from its text.
func TestWeakCorpusUnderSC(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err)
	files, err := corpus.Files(dir)
	require.NoError(t, err)
	n, compared := 0, 0
	for _, f := range files {
		if !strings.HasPrefix(f, "cubicle-w/") {
			continue
		}
		n++
		t.Run(f, func(t *testing.T) {
			if _, slow := slowWeak[f]; slow {
				t.Skip("beyond the test budget")
			}
			compared++
			src, err := os.ReadFile(filepath.Join(dir, f))
			require.NoError(t, err)
			asSC := verdictOf(t, f, src, true)
			plain := weakKeyword.ReplaceAll(src, nil)
			require.NotEqual(t, string(src), string(plain))
			require.Equal(t, asSC, verdictOf(t, f, plain, false), "--model sc and `weak` removed disagree")
		})
	}
	require.Equal(t, 37, n)
	require.Equal(t, 37-len(slowWeak), compared, "weak corpus files compared")
}

// verdictOf checks a model without weak variables and returns its
// verdict, which must be decided within 3000 nodes (every file needs far
// fewer).
func verdictOf(t *testing.T, name string, src []byte, sc bool) translate.Verdict {
	t.Helper()
	m, err := syntax.ParseAndCheck(name, src, syntax.CheckOptions{SC: sc})
	require.NoError(t, err)
	require.False(t, m.Weak)
	sys, err := translate.Build(m)
	require.NoError(t, err)
	res, err := reach.Check(context.Background(), sys, reach.Options{NewSolver: newSolver, MaxNodes: 3000})
	require.NoError(t, err)
	require.NotEqual(t, translate.Unknown, res.Verdict, res.Reason)
	return res.Verdict
}
