package difftest

import (
	"fmt"
	"testing"

	"github.com/cubew/cubew/syntax"
	"github.com/stretchr/testify/require"
)

// TestGenerateTypeChecks pins that every generated model parses and
// type-checks under the rules of the memory models it is checked under,
// that weak models do use the weak rules, and that a seed gives one text.
func TestGenerateTypeChecks(t *testing.T) {
	weakModels := 0
	for seed := range uint64(1000) {
		for _, weak := range []bool{false, true} {
			src := Generate(seed, weak)
			require.Equal(t, src, Generate(seed, weak), "seed %d", seed)
			name := fmt.Sprintf("gen-%d-%v", seed, weak)
			m, err := syntax.ParseAndCheck(name, []byte(src), syntax.CheckOptions{SC: !weak})
			require.NoError(t, err, "%s:\n%s", name, src)
			if m.Weak {
				weakModels++
			}
			_, err = syntax.ParseAndCheck(name, []byte(src), syntax.CheckOptions{SC: true})
			require.NoError(t, err, "%s under sc:\n%s", name, src)
		}
	}
	require.Equal(t, 1000, weakModels, "every weak model declares weak variables")
}
