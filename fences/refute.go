package fences

import (
	"fmt"

	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// The defaults of the bounded search for a counterexample behind an
// UNKNOWN check (Options.Steps, Options.MaxExecutions).
const (
	DefaultSteps         = 3
	DefaultMaxExecutions = 20_000
)

// boundedProcs are the process counts the bounded search tries, in order.
var boundedProcs = []int{2, 3}

// refuteCheck runs after a parameterized check c of m (the fenced model)
// under mm was UNKNOWN (a node limit, or only spurious counterexamples):
// it looks for a concrete execution that reaches an unsafe state (or
// violates an invariant) on the instances with 2 and 3 processes (within
// number_procs), each process firing at most opts.Steps transitions. An
// execution it finds is UNSAFE evidence as good as a replayed trace: c
// becomes UNSAFE with that witness (Bounded set), and its conflict lets
// the search go on. Otherwise c stays UNKNOWN. Either way its reason says
// what was searched. Instances the bounded engine cannot build, and its
// own limits, count as finding nothing.
func (s *synth) refuteCheck(c *Check, m *syntax.Model, mm memmodel.Model) error {
	m = m.InvariantsAsUnsafe()
	steps := fmt.Sprintf("%d steps per process", s.opts.Steps)
	tried := 0
	for _, n := range boundedProcs {
		if m.NumProcs > 0 && n > m.NumProcs {
			break
		}
		res, err := dpor.Check(s.ctx, m, dpor.Options{N: n, Model: mm, MaxSteps: s.opts.Steps, MaxExecutions: s.opts.MaxExecutions})
		if s.ctx.Err() != nil {
			return s.ctx.Err()
		}
		switch {
		case err != nil:
			c.Reason += fmt.Sprintf("; the bounded engine cannot run %d processes: %v", n, err)
			return nil
		case res.Verdict == translate.Unsafe:
			c.Verdict, c.Bounded, c.Witness, c.Procs = translate.Unsafe, true, res.Witness, n
			c.Reason = fmt.Sprintf("counterexample found by the bounded engine with %d processes, %s (the parameterized check: %s)", n, steps, c.Reason)
			return nil
		case res.Verdict == translate.Unknown:
			c.Reason += fmt.Sprintf("; the bounded engine with %d processes, %s: %s", n, steps, res.Reason)
			return nil
		}
		tried = n
	}
	switch {
	case tried == boundedProcs[0]:
		c.Reason += fmt.Sprintf("; no counterexample with %d processes, %s", tried, steps)
	case tried > 0:
		c.Reason += fmt.Sprintf("; no counterexample with %d..%d processes, %s", boundedProcs[0], tried, steps)
	}
	return nil
}

// Counterexample renders the concrete counterexample of an UNSAFE check
// on one line (the trace of the parameterized check, or the bounded
// engine's execution), "" when it has none.
func (c Check) Counterexample() string {
	switch {
	case !c.Bounded && c.Result != nil && c.Result.Trace != nil:
		return c.Result.Trace.String()
	case c.Witness != nil:
		return c.Witness.Line()
	}
	return ""
}
