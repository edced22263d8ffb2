package main

import (
	"context"
	"strings"
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/oracle"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestPrintBrabDeepened: -v says when a stalled search had its oracle
// explored deeper, and how many candidates that refuted (beside the
// totals), and names the deeper oracle's states: oracle/testdata's
// steps.cub, explored with a 3-state limit (partial: 4 states kept with
// 1 process, which the limit cut, and 2 with 2 processes, explored past
// it with the extra instances' limit of 1), then deepened to 12
// (complete: 4 + 10 states).
func TestPrintBrabDeepened(t *testing.T) {
	m, err := syntax.Load("../../oracle/testdata/steps.cub", syntax.CheckOptions{SC: true})
	require.NoError(t, err)
	l := oracle.NewLazy(context.Background(), m, memmodel.SC, 2, 3)
	c, ok := translate.NewCube([]translate.Literal{translate.NewLiteral(translate.Eq,
		translate.StateTerm(m.Symbols["PC"], 1), translate.CtorTerm("D"))})
	require.True(t, ok)
	l.Reached(c)
	var b strings.Builder
	printBrab(&b, "steps.cub", reach.Stats{Candidates: 5, Refuted: 2, Restarts: 1}, l)
	require.Equal(t, "steps.cub: invariant inference: oracle of 6 states over 1..2 processes (partial: instance with 1 processes: state limit 3 reached)\n"+
		"steps.cub: invariant inference: 5 candidates visited, 2 refuted, 1 restarts\n", b.String())

	require.True(t, l.Deepen())
	b.Reset()
	printBrab(&b, "steps.cub", reach.Stats{Candidates: 5, Refuted: 2, Restarts: 1, Deepened: 1, DeepRefuted: 2}, l)
	require.Equal(t, "steps.cub: invariant inference: oracle of 14 states over 1..2 processes\n"+
		"steps.cub: invariant inference: 5 candidates visited, 2 refuted, 1 restarts\n"+
		"steps.cub: invariant inference: the search stalled; oracle explored deeper, reaching 2 of its candidates (refuted)\n", b.String())
}
