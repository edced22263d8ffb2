package reach

import (
	"slices"
	"testing"

	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestOffsetRelations: the equalities with offsets of a ticket lock's
// node relate every pair of its counters and tickets (the two tickets at
// Serving + 1 are equal, both below Next = Serving + 2); a literal that
// is no equality between numbers relates nothing. 6 relations.
func TestOffsetRelations(t *testing.T) {
	next, serving, tickets := counters()
	t1, t2 := translate.StateTerm(tickets, 1), translate.StateTerm(tickets, 2)
	lit := translate.NewLiteral
	got := offsetRelations([]translate.Literal{
		lit(translate.Eq, t1, plus(serving, 1)),
		lit(translate.Eq, t2, plus(serving, 1)),
		lit(translate.Eq, next, plus(serving, 2)),
		waiting(1),
		lit(translate.Lt, next, t1),
	})
	var keys []string
	for _, l := range got {
		keys = append(keys, l.Key())
	}
	require.ElementsMatch(t, []string{
		lit(translate.Lt, serving, t1).Key(),
		lit(translate.Eq, t1, t2).Key(),
		lit(translate.Lt, t1, next).Key(),
		lit(translate.Lt, serving, t2).Key(),
		lit(translate.Lt, t2, next).Key(),
		lit(translate.Lt, serving, next).Key(),
	}, keys)
}

// TestCandidatesPreferCells: of two candidates as general as each other,
// the one relating a process's ticket to a counter (`Next = Ticket[#1]`)
// comes before the one relating two counters (`Next = Serving`), which
// says nothing of the waiting process.
func TestCandidatesPreferCells(t *testing.T) {
	next, serving, tickets := counters()
	t1 := translate.StateTerm(tickets, 1)
	w := waiting(1)
	node, ok := translate.NewCube([]translate.Literal{w, translate.NewLiteral(translate.Eq, next, serving), translate.NewLiteral(translate.Eq, serving, t1)})
	require.True(t, ok)
	var withWaiting []string
	for _, c := range checked(candidates(node, 3)) {
		if len(c.Lits) == 2 && slices.Contains(c.Lits, w) {
			withWaiting = append(withWaiting, c.Key())
		}
	}
	require.Len(t, withWaiting, 3, "with Serving = Ticket[#1], Next = Ticket[#1] or Next = Serving")
	derived, ok := translate.NewCube([]translate.Literal{w, translate.NewLiteral(translate.Eq, next, t1)})
	require.True(t, ok)
	require.Contains(t, withWaiting[:2], derived.Key())
	last, ok := translate.NewCube([]translate.Literal{w, translate.NewLiteral(translate.Eq, next, serving)})
	require.True(t, ok)
	require.Equal(t, last.Key(), withWaiting[2])
}

// waiting is `Phase[p] = Waiting`.
func waiting(p translate.Proc) translate.Literal {
	phase := &syntax.Symbol{Name: "Phase", Class: syntax.SymArray, Type: &syntax.Type{Name: "phase", Kind: syntax.TEnum}}
	return translate.NewLiteral(translate.Eq, translate.StateTerm(phase, p), translate.CtorTerm("Waiting"))
}
