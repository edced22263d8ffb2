package certify

import (
	"fmt"
	"strings"

	"github.com/cubew/cubew/internal/tuples"
)

// maxInitInstances bounds the instances of init one init obligation
// states (see groundInit).
const maxInitInstances = 256

// groundInit states the init obligation of each cube with processes or
// events (goals[1:], after dom) of its Skolem constants sk.p1 …, sk.e0 …
// (node_N_at at them: the cube holds for some processes and events, so
// for these), with the instances of init at every tuple of those
// processes: init is ∀ x̄. init_at(x̄), so each instance is implied by
// the facts, and the search's init check instantiates init over the
// cube's processes just so. Without them Z3's E-matching spends 20
// million units on chandy_misra's init: node_1 (two processes In where
// init has every process Out) without an answer.
func (p *printer) groundInit(goals []goal) []goal {
	in := p.c.Sys.Init
	for j := 1; j < len(goals); j++ {
		c := p.c.Cubes[j-1].Cube
		if c.NVars+len(c.Events) == 0 {
			continue
		}
		var procs, events []string
		for v := 1; v <= c.NVars; v++ {
			procs = append(procs, fmt.Sprintf("sk.p%d", v))
		}
		for v := range c.Events {
			events = append(events, fmt.Sprintf("sk.e%d", v))
		}
		for _, x := range procs {
			goals[j].decls = append(goals[j].decls, "(declare-const "+x+" Proc)")
		}
		for _, x := range events {
			goals[j].decls = append(goals[j].decls, "(declare-const "+x+" Ev)")
		}
		goals[j].assertion = p.at(j-1, pre, procs, events)
		if in.NParams == 0 || len(procs) == 0 || pow(len(procs), in.NParams) > maxInitInstances {
			continue
		}
		tuples.Each(procs, in.NParams, func(xs []string) {
			guards := make([]string, 0, len(xs))
			for _, x := range xs {
				guards = append(guards, "(is_proc "+x+")")
			}
			for _, d := range in.Distinct {
				guards = append(guards, "(distinct "+xs[d[0]]+" "+xs[d[1]]+")")
			}
			goals[j].hints = append(goals[j].hints, "(=> "+and(guards...)+" "+p.initAt(xs)+")")
		})
	}
	return goals
}

// initAt applies init_at to the initial state of the init obligations
// (the pre state, the initial memory mem.L of the weak locations) and xs.
func (p *printer) initAt(xs []string) string {
	args := []string{"init_at"}
	for _, v := range p.initVars {
		if v.sym.Weak {
			args = append(args, quote("mem."+v.name))
		} else {
			args = append(args, pre(v))
		}
	}
	return "(" + strings.Join(append(args, xs...), " ") + ")"
}

// pow is a to the n.
func pow(a, n int) int {
	out := 1
	for range n {
		out *= a
	}
	return out
}
