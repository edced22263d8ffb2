package reach

import (
	"math/big"

	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// offsetRelations returns the relations between numeric terms that the
// equalities with offsets of lits imply, weakened as weaken weakens one
// literal: `Ticket[#2] = Serving + 1` and `Ticket[#3] = Serving + 1` give
// `Serving < Ticket[#2]`, `Serving < Ticket[#3]` and `Ticket[#2] =
// Ticket[#3]`; with `Next = Serving + 2`, also `Ticket[#2] < Next`. Two
// terms whose equalities chain with offsets summing to d are related by
// `=` for d = 0 and by `<` otherwise. A candidate then keeps a relation
// that no single literal of its node states: the two waiting processes of
// a ticket lock that hold the same ticket.
// A class of more than maxRelated terms gives none: its relations would
// multiply the subsets candidates enumerates.
func offsetRelations(lits []translate.Literal) []translate.Literal {
	return offsetRelationsOver(lits, numeric)
}

// offsetRelationsOver is offsetRelations over the equalities between the
// terms isNum accepts (numeric ones, possibly with offsets).
func offsetRelationsOver(lits []translate.Literal, isNum func(*translate.Term) bool) []translate.Literal {
	type edge struct {
		to *translate.Term
		d  *big.Rat // from = to + d
	}
	adj := map[*translate.Term][]edge{}
	var order []*translate.Term // the terms in order of appearance
	link := func(a, b *translate.Term, d *big.Rat) {
		if _, ok := adj[a]; !ok {
			order = append(order, a)
		}
		adj[a] = append(adj[a], edge{b, d})
	}
	for _, l := range lits {
		if l.Op != translate.Eq || !isNum(l.L) || !isNum(l.R) {
			continue
		}
		a, ka, okA := linParts(l.L)
		b, kb, okB := linParts(l.R)
		if !okA || !okB || a == b {
			continue
		}
		d := new(big.Rat).Sub(kb, ka) // a = b + d
		link(a, b, d)
		link(b, a, new(big.Rat).Neg(d))
	}
	pot := map[*translate.Term]*big.Rat{} // t = root + pot[t]
	var out []translate.Literal
	for _, r := range order {
		if pot[r] != nil {
			continue
		}
		pot[r] = new(big.Rat)
		class := []*translate.Term{r}
		for i := 0; i < len(class); i++ {
			for _, e := range adj[class[i]] {
				if pot[e.to] == nil {
					pot[e.to] = new(big.Rat).Sub(pot[class[i]], e.d)
					class = append(class, e.to)
				}
			}
		}
		if len(class) > maxRelated {
			continue
		}
		for i, x := range class {
			for _, y := range class[i+1:] {
				out = append(out, relation(x, y, new(big.Rat).Sub(pot[x], pot[y])))
			}
		}
	}
	return out
}

// maxRelated is the most terms a chain of offsets may relate pairwise
// (15 relations).
const maxRelated = 6

// relation is the literal that `x = y + d` weakens to.
func relation(x, y *translate.Term, d *big.Rat) translate.Literal {
	switch d.Sign() {
	case 0:
		return translate.NewLiteral(translate.Eq, x, y)
	case 1:
		return translate.NewLiteral(translate.Lt, y, x)
	}
	return translate.NewLiteral(translate.Lt, x, y)
}

// scalarRelation reports whether l relates two numeric variables that no
// process indexes (`Next = Serving`): a candidate that keeps it says
// little about the processes, where one that relates a process's cell to
// a counter (`Next = Ticket[#1]`) says why the process is where it is.
func scalarRelation(l translate.Literal) bool {
	scalar := func(t *translate.Term) bool { return t.Kind == translate.KState && len(t.Args) == 0 && numeric(t) }
	return scalar(l.L) && scalar(l.R)
}

// numeric reports whether t is a number, a numeric state term or one plus
// an offset.
func numeric(t *translate.Term) bool {
	switch t.Kind {
	case translate.KLin:
		return true
	case translate.KState:
		k := t.Sym.Type.Kind
		return k == syntax.TInt || k == syntax.TReal
	}
	return false
}
