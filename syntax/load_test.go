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
	require.Equal(t, "bad.cub:2:11: unknown name `Y`: not a declared variable or constant, nor a constructor of bool (True, False)", list[0].Error())
	_, err = syntax.Load("testdata/does-not-exist.cub", syntax.CheckOptions{})
	require.ErrorIs(t, err, os.ErrNotExist)
}

// TestRequireProperty: a model with neither unsafe nor invariant is an
// input error at 1:1; one property of either kind is enough.
func TestRequireProperty(t *testing.T) {
	const decls = "var X : bool\ninit () { X = False }\ntransition t () { X := True }\n"
	m, err := syntax.ParseAndCheck("none.cub", []byte(decls), syntax.CheckOptions{})
	require.NoError(t, err)
	err = m.RequireProperty()
	var list syntax.ErrorList
	require.ErrorAs(t, err, &list)
	require.Equal(t, "none.cub:1:1: the model has no unsafe formula and no invariant: nothing to check", list.Error())
	for _, item := range []string{"unsafe () { X = True }\n", "invariant () { X = True }\n"} {
		m, err := syntax.ParseAndCheck("one.cub", []byte(decls+item), syntax.CheckOptions{})
		require.NoError(t, err)
		require.NoError(t, m.RequireProperty(), item)
	}
}
