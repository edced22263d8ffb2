// Package slowmodels holds models built to be slow in one phase of a
// run, for the tests that check every limit ends the run with an answer.
package slowmodels

import (
	"fmt"
	"strings"
)

// Ticket is a ticket lock (Next := Next + 1) whose depth-first search
// never ends: each node has one more process variable than its parent,
// and the renamings tried by its subsumption checks grow factorially.
const Ticket = `var Next : int
var Serving : int
array Ticket[proc] : int
array Pc[proc] : int
init (p) { Next = 0 && Serving = 0 && Pc[p] = 0 }
unsafe (p q) { Pc[p] = 2 && Pc[q] = 2 }
transition take ([p]) requires { Pc[p] = 0 } { Ticket[p] := Next; Next := Next + 1; Pc[p] := 1 }
transition enter ([p]) requires { Pc[p] = 1 && Ticket[p] = Serving } { Pc[p] := 2 }
transition leave ([p]) requires { Pc[p] = 2 } { Serving := Serving + 1; Pc[p] := 0 }
`

// WriterLoop is a weak model whose only transition writes and can fire
// forever: its store buffers grow without bound under tso and pso.
const WriterLoop = `weak var X : int
array Pc[proc] : int
init (p) { X = 0 && Pc[p] = 0 }
unsafe (p) { Pc[p] = 5 }
transition w ([p]) requires { Pc[p] = 0 } { X := 1 }
`

// Disjunctions is a model whose unsafe formula is a conjunction of n
// disjunctions `(Ai = True || Bi = True)`: 2^n cubes in disjunctive
// normal form.
func Disjunctions(n int) string {
	var decls, conj []string
	for i := 0; i < n; i++ {
		decls = append(decls, fmt.Sprintf("var A%d : bool\nvar B%d : bool", i, i))
		conj = append(conj, fmt.Sprintf("(A%d = True || B%d = True)", i, i))
	}
	return strings.Join(decls, "\n") + "\ninit () { A0 = False }\nunsafe () { " + strings.Join(conj, " && ") + " }\n"
}
