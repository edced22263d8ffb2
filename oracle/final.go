package oracle

import (
	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/translate"
)

// finalRead returns the value of t, the value of a read of events, in st
// under assign when the read is one of the unsafe formula's (Final): what
// its process would read now, its newest buffered write to the cell,
// else memory (dpor.State.View), which is what a final read reads in
// the backward encoding (design.md: `p @ X` is the value p would read
// now). Any other read happens after a state the oracle cannot name: nil.
func finalRead(st dpor.State, events []translate.Event, t *translate.Term, assign []int) *translate.Term {
	i := int(t.P - translate.EventBase)
	if i < 0 || i >= len(events) {
		return nil
	}
	e := events[i]
	if e.Kind != translate.Read || !e.Final || e.Sourced || e.Loc == nil {
		return nil
	}
	reader, ok := process(e.Proc, assign)
	if !ok {
		return nil
	}
	cell := make([]int, len(e.Index))
	for k, p := range e.Index {
		if cell[k], ok = process(p, assign); !ok {
			return nil
		}
	}
	return st.View(e.Loc.Name, cell, reader)
}
