package dpor

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// FuzzCheck compares the DPOR engine with the explicit engine on any model
// that checks, on small instances (up to 3 processes and 3 steps each):
// same verdict and, when both finish, the same reachable states. Seeds:
// the counted litmus programs and random ones.
func FuzzCheck(f *testing.F) {
	for _, tc := range countTests {
		f.Add([]byte(tc.prog.src()), uint8(len(tc.prog.threads)), uint8(tc.prog.steps()), uint8(1))
	}
	r := rand.New(rand.NewPCG(7, 8))
	for range 10 {
		l := randomLitmus(r)
		f.Add([]byte(l.src()), uint8(len(l.threads)), uint8(l.steps()), uint8(r.IntN(3)))
	}
	f.Fuzz(func(t *testing.T, src []byte, n, k, model uint8) {
		file, err := syntax.Parse("fuzz.cub", src)
		if err != nil {
			return
		}
		mm := models[int(model)%len(models)]
		m, err := syntax.Check(file, syntax.CheckOptions{})
		if err != nil {
			return
		}
		opts := Options{N: 1 + int(n)%3, Model: mm, MaxSteps: 1 + int(k)%3, MaxStates: 2000, MaxExecutions: 2000}
		if _, err := compileGraph(m, opts.N, opts.MaxSteps, mm); err != nil {
			return
		}
		if _, err := compile(m, opts.N, mm); err != nil {
			return
		}
		ctx := context.Background() // bounded by MaxStates and MaxExecutions, not by time
		explicit, graphs := map[string]bool{}, map[string]bool{}
		ex, err := explore(ctx, m, opts, func(p *program, st *state) { explicit[observe(p, st)] = true })
		if err != nil {
			return // an evaluation error (overflow, ...): nothing to compare
		}
		gr, err := check(ctx, m, opts, hooks{state: func(p *program, st *state) { graphs[observe(p, st)] = true }})
		if err != nil {
			t.Fatalf("the explicit engine ran, dpor failed: %v", err)
		}
		if ex.Verdict == translate.Unknown || gr.Verdict == translate.Unknown {
			return
		}
		if ex.Verdict != gr.Verdict {
			t.Fatalf("explicit %s, dpor %s", ex.Verdict, gr.Verdict)
		}
		if ex.Verdict == translate.Safe {
			requireSameStates(t, explicit, graphs, string(src))
		}
	})
}
