package decide

import (
	"fmt"
	"slices"

	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/syntax"
)

// traceSteps maps a trace's transition instances to the bounded engine's
// (transitions by their position in the model).
func traceSteps(m *syntax.Model, tr *reach.Trace) ([]dpor.TraceStep, error) {
	steps := make([]dpor.TraceStep, len(tr.Steps))
	for i, s := range tr.Steps {
		idx := slices.IndexFunc(m.Transitions, func(t *syntax.Transition) bool { return t.Pos == s.Pos() })
		if idx < 0 {
			return nil, fmt.Errorf("step %d: no transition of the model at %s", i+1, s.Pos())
		}
		steps[i] = dpor.TraceStep{Transition: idx, Procs: s.Args}
	}
	return steps, nil
}

// inWitnessOrder returns tr with its steps in the order the witness fires
// them (each process keeps its own order; the trace is unchanged when the
// witness runs it as listed).
func inWitnessOrder(tr *reach.Trace, w *dpor.Witness) *reach.Trace {
	used := make([]bool, len(tr.Steps))
	var steps []reach.Step
	for _, ws := range w.Steps {
		if ws.Kind != dpor.StepTransition {
			continue
		}
		for i, s := range tr.Steps {
			if !used[i] && s.Pos() == ws.Pos && slices.Equal(s.Args, ws.Procs) {
				used[i] = true
				steps = append(steps, s)
				break
			}
		}
	}
	if len(steps) != len(tr.Steps) {
		return tr
	}
	out := *tr
	out.Steps = steps
	return &out
}
