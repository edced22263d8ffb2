package reach_test

import (
	"context"
	"math/rand"
	"testing"

	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestAcyclicGraphAgreesWithRanks checks the explicit closure used by the
// search against the difference-logic encoding on random relations.
func TestAcyclicGraphAgreesWithRanks(t *testing.T) {
	s := newSolver()
	defer s.Close()
	rng := rand.New(rand.NewSource(7))
	counts := map[bool]int{}
	for k := 0; k < 2000; k++ {
		n := 2 + rng.Intn(8)
		var lt, eq [][2]int
		r := translate.NewRel(n)
		for j := rng.Intn(2 * n); j > 0; j-- {
			e := [2]int{rng.Intn(n), rng.Intn(n)}
			lt = append(lt, e)
			r.AddLt(e[0], e[1])
		}
		for j := rng.Intn(3); j > 0; j-- {
			e := [2]int{rng.Intn(n), rng.Intn(n)}
			eq = append(eq, e)
			r.AddEq(e[0], e[1])
		}
		s.Push()
		s.Assert(reach.AcyclicFormula(s, "rank", n, lt, eq))
		res, err := s.Check(context.Background())
		s.Pop(1)
		require.NoError(t, err)
		require.Equal(t, res == smt.Sat, r.Acyclic(), "n=%d lt=%v eq=%v", n, lt, eq)
		counts[r.Acyclic()]++
	}
	require.Greater(t, counts[true], 200)
	require.Greater(t, counts[false], 200)
}
