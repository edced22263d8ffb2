package fences

import (
	"slices"
	"strings"

	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
)

// conflict returns the positions where a fence cuts the counterexample
// w (with procs processes) of a check of m (the model with fences at the
// given positions):
// every fence set disjoint from the result keeps an execution that reaches
// the unsafe state, so it is UNSAFE.
//
// The witness (the execution decide replayed) tells, at each transition
// step, whether the acting process still had writes in its store buffer.
// A fence there would have waited for them: those steps are where the
// write→read (and, under PSO, write→write) reorderings of the execution
// happen, the edges that close its ghb cycle. The narrow conflict keeps
// the steps that read a weak location (and, under PSO, those that write
// one), the wide one every step with pending writes. Each is confirmed by
// replaying the trace on the model with a fence at every position outside
// it (fewer fences only allow more executions); when neither replays, the
// conflict is the complement of the fenced set, which holds by
// monotonicity alone.
func (s *synth) conflict(fenced []int, m *syntax.Model, w *dpor.Witness, procs int) ([]int, error) {
	fallback := slices.DeleteFunc(slices.Clone(s.universe), func(i int) bool { return slices.Contains(fenced, i) })
	if w == nil {
		return fallback, nil
	}
	narrow, wide := reorderedSteps(m, w, s.opts.Model)
	for _, c := range [][]int{narrow, wide} {
		ok, err := s.replaysOutside(c, w, procs)
		if err != nil {
			return nil, err
		}
		if ok {
			return c, nil
		}
	}
	return fallback, nil
}

// reorderedSteps returns the transitions (sorted indexes) of the steps of
// w that ran while their acting process had buffered writes: narrow those
// that read a weak location (or write one under PSO), wide all of them.
// Transitions already fenced in the model never appear (they ran with an
// empty buffer).
func reorderedSteps(m *syntax.Model, w *dpor.Witness, mm memmodel.Model) (narrow, wide []int) {
	pending := map[int]int{}
	for _, st := range w.Steps {
		if st.Kind == dpor.StepFlush {
			pending[st.Proc] -= len(st.Writes)
			continue
		}
		t := m.Transitions[st.Index]
		p := actor(t, st.Procs)
		if pending[p] > 0 {
			wide = append(wide, st.Index)
			reads := slices.ContainsFunc(st.Reads, func(r dpor.ReadEvent) bool { return weakLoc(m, r.Loc) })
			writes := slices.ContainsFunc(st.Writes, func(x dpor.Write) bool { return weakLoc(m, x.Loc) })
			if reads || writes && !mm.FlushesGroups() {
				narrow = append(narrow, st.Index)
			}
		}
		for _, x := range st.Writes {
			if x.Buffered {
				pending[p]++
			}
		}
	}
	slices.Sort(narrow)
	slices.Sort(wide)
	return slices.Compact(narrow), slices.Compact(wide)
}

// actor returns the process whose buffer a step of t with parameters
// procs uses: the acting one, else 0.
func actor(t *syntax.Transition, procs []int) int {
	for i, p := range t.Params {
		if p.Acting && i < len(procs) {
			return procs[i]
		}
	}
	return 0
}

// weakLoc reports whether a witness location (`X`, `A[#2]`) is weak.
func weakLoc(m *syntax.Model, loc string) bool {
	name, _, _ := strings.Cut(loc, "[")
	sym := m.Symbols[name]
	return sym != nil && sym.Weak
}

// replaysOutside reports whether the transitions of w replay, with procs
// processes, on the model with a fence at every position outside c.
func (s *synth) replaysOutside(c []int, w *dpor.Witness, procs int) (bool, error) {
	outside := slices.DeleteFunc(slices.Clone(s.universe), func(i int) bool { return slices.Contains(c, i) })
	m, err := s.fenced(outside, false)
	if err != nil {
		return false, err
	}
	var steps []dpor.TraceStep
	for _, st := range w.Steps {
		if st.Kind == dpor.StepTransition {
			steps = append(steps, dpor.TraceStep{Transition: st.Index, Procs: st.Procs})
		}
	}
	opts := dpor.Options{N: procs, Model: s.opts.Model}
	m = m.InvariantsAsUnsafe()
	_, err = dpor.ReplayTrace(s.ctx, m, opts, steps, w.UnsafeName)
	if err != nil && s.ctx.Err() == nil {
		_, err = dpor.ReplayTraceProcs(s.ctx, m, opts, steps, w.UnsafeName)
	}
	if s.ctx.Err() != nil {
		return false, s.ctx.Err()
	}
	return err == nil, nil
}
