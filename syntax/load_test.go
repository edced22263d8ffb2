package syntax_test

import (
	"os"
	"testing"

	"github.com/cubew/cubew/syntax"
	"github.com/stretchr/testify/require"
)

// TestLoad: Load and ParseAndCheck report input errors with positions,
// and an unreadable file as a plain error.
func TestLoad(t *testing.T) {
	m, err := syntax.ParseAndCheck("ok.cub", []byte("var X : bool\ninit () { X = False }\nunsafe () { X = True }\n"), syntax.CheckOptions{})
	require.NoError(t, err)
	require.NotNil(t, m.Symbols["X"])
	_, err = syntax.ParseAndCheck("bad.cub", []byte("var X : bool\ninit () { Y = False }\n"), syntax.CheckOptions{})
	var list syntax.ErrorList
	require.ErrorAs(t, err, &list)
	require.Equal(t, "bad.cub:2:11: unknown constructor `Y`", list[0].Error())
	_, err = syntax.Load("testdata/does-not-exist.cub", syntax.CheckOptions{})
	require.ErrorIs(t, err, os.ErrNotExist)
}
