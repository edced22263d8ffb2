package export_test

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/cubew/cubew/export"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
)

// A two-process instance of a model as Promela: one option per transition
// instance in the loop of its process, and the unsafe item as a monitor.
func ExamplePromela() {
	src := `
type st = Idle | Crit
array S[proc] : st
init (p) { S[p] = Idle }
unsafe (p q) { S[p] = Crit && S[q] = Crit }
transition enter ([p]) requires { forall_other q. S[q] = Idle } { S[p] := Crit }
transition leave ([p]) requires { S[p] = Crit } { S[p] := Idle }
`
	m, err := syntax.ParseAndCheck("mutex.cub", []byte(src), syntax.CheckOptions{})
	if err != nil {
		panic(err)
	}
	var buf bytes.Buffer
	if err := export.Promela(&buf, m, export.Options{N: 2, Model: memmodel.SC, Version: "v1", Source: "mutex.cub"}); err != nil {
		panic(err)
	}
	lines := strings.Split(buf.String(), "\n")
	for i, line := range lines {
		switch {
		case strings.Contains(line, "Instance:"), strings.Contains(line, "assert(false)"):
			fmt.Println(strings.TrimSpace(line))
		case strings.Contains(line, "/* enter(#1)"):
			fmt.Println(strings.TrimSpace(line))
			fmt.Println(strings.TrimSpace(lines[i+1]))
			fmt.Println(strings.TrimSpace(lines[i+2]))
		}
	}
	// Output:
	// * Instance: 2 processes, memory model sc, steps per process unbounded, store buffer unbounded.
	// /* enter(#1) at line 6 */
	// :: d_step { (mem[L_S_2] == c_Idle) ->
	// cw_t[1] = c_Crit;
	// end:	atomic { started && (((mem[L_S_1] == c_Crit) && (mem[L_S_2] == c_Crit)) || ((mem[L_S_2] == c_Crit) && (mem[L_S_1] == c_Crit))) -> assert(false) }
}
