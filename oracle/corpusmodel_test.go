package oracle

import (
	"path/filepath"
	"testing"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/syntax"
	"github.com/stretchr/testify/require"
)

// corpusModel loads the shared corpus's file rel (a path inside the
// corpus) with opts, failing the test when the corpus or the file cannot
// be read.
func corpusModel(t *testing.T, rel string, opts syntax.CheckOptions) *syntax.Model {
	t.Helper()
	dir, err := corpus.Dir()
	require.NoError(t, err, "the shared corpus (CUBEW_CORPUS)")
	m, err := syntax.Load(filepath.Join(dir, rel), opts)
	require.NoError(t, err)
	return m
}
