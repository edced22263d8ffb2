package reach_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

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
	n := 0
	for _, f := range files {
		if !strings.HasPrefix(f, "cubicle-w/") {
			continue
		}
		n++
		t.Run(f, func(t *testing.T) {
			if _, slow := slowWeak[f]; slow {
				t.Skip("beyond the test budget")
			}
			src, err := os.ReadFile(filepath.Join(dir, f))
			require.NoError(t, err)
			asSC := verdictOf(t, f, src, true)
			plain := weakKeyword.ReplaceAll(src, nil)
			require.NotEqual(t, string(src), string(plain))
			require.Equal(t, asSC, verdictOf(t, f, plain, false), "--model sc and `weak` removed disagree")
		})
	}
	require.Equal(t, 37, n)
}

func verdictOf(t *testing.T, name string, src []byte, sc bool) translate.Verdict {
	t.Helper()
	m, err := syntax.ParseAndCheck(name, src, syntax.CheckOptions{SC: sc})
	require.NoError(t, err)
	require.False(t, m.Weak)
	sys, err := translate.Build(m)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := reach.Check(ctx, sys, reach.Options{NewSolver: newSolver, MaxNodes: 3000})
	require.NoError(t, err)
	require.NotEqual(t, translate.Unknown, res.Verdict, res.Reason)
	return res.Verdict
}
