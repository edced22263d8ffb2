package oracle

import (
	"context"
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/stretchr/testify/require"
)

// TestPinnedAbstract: a location of an abstract type that init leaves
// free holds the type's single value in the oracle's instances (init
// says so), as if init related it: free_data.cub explores as
// data_cache.cub does, 2, 3 and 4 states with 1, 2 and 3 processes (up
// to permutations). Left symbolic, the copies of Mem's symbol into the
// lines would make more.
func TestPinnedAbstract(t *testing.T) {
	m, err := syntax.Load("testdata/free_data.cub", syntax.CheckOptions{SC: true})
	require.NoError(t, err)
	pins := map[string]string{}
	syntax.WalkFormula(finiteAbstract(m).Init.Body, func(t syntax.Term) {
		if c, ok := t.(*syntax.Cell); ok {
			pins[c.Array] = c.Index[0].Var
		}
		if n, ok := t.(*syntax.Name); ok {
			pins[n.Name] = ""
		}
	}, nil)
	require.Equal(t, map[string]string{"S": "z", "Cache": "z", "Mem": "", "Inv": "", "data·1": ""}, pins)
	o, err := New(context.Background(), m, memmodel.SC, 2, 0)
	require.NoError(t, err)
	require.Empty(t, o.Partial)
	require.Equal(t, 2+3+4, o.States)
}
