package syntax_test

import (
	"testing"

	"github.com/cubew/cubew/syntax"
	"github.com/stretchr/testify/require"
)

// TestConstValue: `const C = n` declares a constant of the number's type
// (a decimal point makes it real) fixed to n, `const C : t = n` the same
// with its type written; the checked model's init says so, as a conjunct
// per constant, and the canonical form writes the type.
func TestConstValue(t *testing.T) {
	src := `const Tick = 1.0
const Max = 3
const Step : real = 0.5
var X : real
init (p) { X = 0.0 }
unsafe () { X = Tick + Step }
`
	m := mustCheck(t, src, syntax.CheckOptions{})
	require.Equal(t, "real", m.Symbols["Tick"].Type.Name)
	require.Equal(t, "int", m.Symbols["Max"].Type.Name)
	require.Equal(t, "real", m.Symbols["Step"].Type.Name)
	require.Equal(t, syntax.SymConst, m.Symbols["Max"].Class)
	require.Equal(t, "init (p) { Tick = 1.0 && Max = 3 && Step = 0.5 && X = 0.0 }\n",
		syntax.Print(&syntax.File{Items: []syntax.Item{m.Init}}))
	f, err := syntax.Parse("t.cub", []byte(src))
	require.NoError(t, err)
	require.Contains(t, syntax.Print(f), "const Tick : real = 1.0\nconst Max : int = 3\nconst Step : real = 0.5\n")
	again, err := syntax.Parse("t.cub", []byte(syntax.Print(f)))
	require.NoError(t, err)
	require.Equal(t, syntax.Print(f), syntax.Print(again))
}
