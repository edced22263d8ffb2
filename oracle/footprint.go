package oracle

import (
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// footprint is the number of processes a state satisfying c may need: its
// variables, plus each process-valued state term of c that no literal
// equates with a process (`Sender[#1]` in `Receiver[#1] <> Sender[#1]`:
// a message between two processes other than itself). The oracle calls
// a cube unreached only when an instance of that many processes was
// explored: ricart_agrawala's acknowledged message (`Receiver[#1] <>
// Sender[#1] && State[#1] = L3`) needs three, and the instance with two
// never holds one.
func footprint(c *translate.Cube) int {
	named := map[*translate.Term]bool{}
	for _, l := range c.Lits {
		if l.Op != translate.Eq {
			continue
		}
		if l.L.Kind == translate.KProc {
			named[l.R] = true
		}
		if l.R.Kind == translate.KProc {
			named[l.L] = true
		}
	}
	pointers := map[*translate.Term]bool{}
	for _, l := range c.Lits {
		for _, t := range []*translate.Term{l.L, l.R} {
			if t.Kind == translate.KState && t.Sym.Type.Kind == syntax.TProc && !named[t] {
				pointers[t] = true
			}
		}
	}
	return c.NVars + len(pointers)
}
