package reach

import (
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// staticSymbols returns the symbols no transition assigns: constants,
// and variables and arrays that keep their initial value (a process's
// configuration, such as ricart_agrawala's Sender and Receiver, which
// make a process a node or a message channel).
func staticSymbols(sys *translate.System) func(*syntax.Symbol) bool {
	assigned := map[*syntax.Symbol]bool{}
	for _, t := range sys.Transitions {
		for _, u := range t.Updates {
			assigned[u.Sym] = true
		}
		for _, s := range t.Nondets {
			assigned[s] = true
		}
	}
	return func(s *syntax.Symbol) bool { return !assigned[s] }
}

// hasPassenger reports whether some variables of c form a passenger: a
// group that no literal links to c's other variables, whose literals
// read only static symbols, beside other literals. Such a group only
// says that some other process has a given configuration (`Receiver[#1]
// <> Sender[#1]`: a message exists); in a parameterized system one more
// process so configured can be added to almost any reachable state, so
// the candidate is false, and only looks unreached in instances too
// small to hold the extra process (ricart_agrawala: an acknowledged
// message beside another message needs 4 processes; 8 such candidates
// were refuted, one restart each).
func hasPassenger(c *translate.Cube, static func(*syntax.Symbol) bool) bool {
	parent := make([]int, c.NVars+1) // union-find over variables 1..NVars
	for i := range parent {
		parent[i] = i
	}
	find := func(v int) int {
		for parent[v] != v {
			parent[v], v = parent[parent[v]], parent[v]
		}
		return v
	}
	litVars := make([][]int, len(c.Lits))
	for i, l := range c.Lits {
		litVars[i] = literalVars(c, l)
		for _, v := range litVars[i][min(1, len(litVars[i])):] {
			parent[find(v)] = find(litVars[i][0])
		}
	}
	dynamic := map[int]bool{} // component root -> some literal reads dynamic state
	free := false             // a literal without variables
	for i, l := range c.Lits {
		if len(litVars[i]) == 0 {
			free = true
			continue
		}
		if !staticTerm(l.L, static) || !staticTerm(l.R, static) {
			dynamic[find(litVars[i][0])] = true
		}
	}
	roots := map[int]bool{}
	for v := 1; v <= c.NVars; v++ {
		roots[find(v)] = true
	}
	if len(roots) < 2 && !free {
		return false
	}
	for r := range roots {
		if !dynamic[r] {
			return true
		}
	}
	return false
}

// literalVars lists the variables of l: bare, as array indices, and the
// processes and cells of the reads whose values it compares.
func literalVars(c *translate.Cube, l translate.Literal) []int {
	var out []int
	add := func(p translate.Proc) {
		if p.IsVar() {
			out = append(out, int(p))
		}
	}
	for _, t := range []*translate.Term{l.L, l.R} {
		if t.Kind == translate.KLin && t.Base != nil {
			t = t.Base
		}
		switch t.Kind {
		case translate.KProc:
			add(t.P)
		case translate.KState, translate.KRead:
			for _, a := range t.Args {
				add(a)
			}
		case translate.KVal:
			if i := int(t.P - translate.EventBase); i >= 0 && i < len(c.Events) {
				add(c.Events[i].Proc)
				for _, a := range c.Events[i].Index {
					add(a)
				}
			}
		}
	}
	return out
}

// staticTerm reports whether t reads no assigned state: a constant, a
// process, a number, or a static symbol's cell (with an offset).
func staticTerm(t *translate.Term, static func(*syntax.Symbol) bool) bool {
	if t.Kind == translate.KLin && t.Base != nil {
		t = t.Base
	}
	switch t.Kind {
	case translate.KState:
		return static(t.Sym)
	case translate.KRead, translate.KVal:
		return false
	}
	return true
}
