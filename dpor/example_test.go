package dpor_test

import (
	"context"
	"fmt"

	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
)

// Store buffering: both processes can read 0 under TSO, never under SC.
func ExampleExplicit() {
	src := `
number_procs 2
type loc = L1 | L2 | End
array PC[proc] : loc
array R[proc] : int
weak var X : int
weak var Y : int
init (p) { PC[p] = L1 && R[p] = 9 && X = 0 && Y = 0 }
unsafe (p q) { p = #1 && q = #2 && PC[p] = End && PC[q] = End && R[p] = 0 && R[q] = 0 }
transition w1 ([p]) requires { p = #1 && PC[p] = L1 } { PC[p] := L2; X := 1 }
transition r1 ([p]) requires { p = #1 && PC[p] = L2 } { PC[p] := End; R[p] := Y }
transition w2 ([p]) requires { p = #2 && PC[p] = L1 } { PC[p] := L2; Y := 1 }
transition r2 ([p]) requires { p = #2 && PC[p] = L2 } { PC[p] := End; R[p] := X }
`
	m, err := syntax.ParseAndCheck("sb.cub", []byte(src), syntax.CheckOptions{})
	if err != nil {
		panic(err)
	}
	for _, mm := range []memmodel.Model{memmodel.SC, memmodel.TSO} {
		res, err := dpor.Explicit(context.Background(), m, dpor.Options{N: 2, Model: mm})
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s: %s after %d states\n", mm.Name(), res.Verdict, res.States)
		if res.Witness != nil {
			for _, s := range res.Witness.Steps {
				fmt.Println("  ", s)
			}
		}
	}
	// Output:
	// sc: safe after 13 states
	// tso: unsafe after 15 states
	//    w1(#1)
	//    r1(#1)
	//    w2(#2)
	//    r2(#2)
}
