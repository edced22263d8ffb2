package difftest

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
)

var (
	longCount  = flag.Uint64("count-models", 0, "TestLong: generated models per memory model (0 skips TestLong)")
	longFrom   = flag.Uint64("from", 1_000_000, "TestLong: first seed")
	longModels = flag.String("models", "sc,tso,pso", "TestLong: memory models")
	longOut    = flag.String("out", "", "TestLong: folder where each disagreeing model is written")
	longEach   = flag.Bool("each", false, "TestLong: print each model's name and class as it finishes")
	// longRefined runs reach's refined search (coherence obligations kept
	// from the start: reach.KeepingObligations) instead of decide's plain
	// search first, so that every answer of the refined search, SAFE ones
	// included, is compared with the explicit engine.
	longRefined = flag.Bool("refined", false, "TestLong: run the refined search (reach.KeepingObligations) from the start")
	// longSteps runs the step-ordered search (reach.OrderingSteps, with
	// its rule of self-valued variables) from the start, as -refined does
	// the search keeping obligations; both together run the two combined.
	longSteps = flag.Bool("steps", false, "TestLong: run the step-ordered search (reach.OrderingSteps) from the start")
	// longBrab turns on invariant inference from the first node with an
	// oracle over 1..N processes (Budget.Brab), so that every answer that
	// rests on inferred invariants is compared with the explicit engine.
	longBrab = flag.Int("brab", 0, "TestLong: infer invariants from the first node with an oracle over 1..N processes (0: off)")
	// longCheapAfter, with -brab, infers invariants only when the oracle
	// is cheap to explore, from that node (Budget.CheapAfter).
	longCheapAfter = flag.Int("brab-cheap-after", 0, "TestLong: with -brab, infer invariants from the N-th node only when the oracle is cheap to explore (0: from the first node, always)")
)

// TestLong is the long differential run, off unless -count-models is
// given: go test ./difftest -run TestLong -args -count-models=100000
// (add -refined to test the refined search of pso, see longRefined; -brab
// N for invariant inference, see longBrab). It
// prints a tally per memory model and every disagreement (written to -out
// as NAME.cub when given); it fails on a wrong SAFE in any model and on a
// trace that does not replay under sc or tso.
func TestLong(t *testing.T) {
	if *longCount == 0 {
		t.Skip("TestLong runs only with -count-models=N")
	}
	for _, name := range strings.Split(*longModels, ",") {
		mm, err := memmodel.ByName(name)
		if err != nil {
			t.Fatal(err)
		}
		if *longRefined {
			mm = reach.KeepingObligations(mm)
		}
		if *longSteps {
			mm = reach.OrderingSteps(mm)
		}
		b := DefaultBudget
		b.Brab, b.CheapAfter = *longBrab, *longCheapAfter
		t.Run(name, func(t *testing.T) {
			var tally Tally
			done, inferred := 0, 0
			RunSeeds(context.Background(), mm, *longFrom, *longCount, b, func(o *Outcome) {
				tally.Add(o.Class)
				if o.Reach != nil && len(o.Reach.Inferred) > 0 {
					inferred++
				}
				if o.Class.Disagreement() || o.Class == ClassError {
					t.Errorf("%s", o.Report())
					writeOut(t, o)
				}
				if o.Class == ClassKnownBug {
					writeOut(t, o)
				}
				if *longEach {
					fmt.Fprintf(os.Stderr, "DONE %s %s\n", o.Case.Name, o.Class)
				}
				done++
				if done%500 == 0 {
					fmt.Fprintf(os.Stderr, "PROGRESS %s %d models: %s\n", name, done, &tally)
				}
			})
			t.Logf("%s: %s; %d answers with inferred invariants", name, &tally, inferred)
			fmt.Fprintf(os.Stderr, "TALLY %s seeds %d..%d: %s; %d answers with inferred invariants\n", name, *longFrom, *longFrom+*longCount-1, &tally, inferred)
		})
	}
}

// writeOut saves a disagreeing model in the -out folder, made if missing.
func writeOut(t *testing.T, o *Outcome) {
	if *longOut == "" {
		return
	}
	body := "(*\n" + strings.ReplaceAll(o.Report(), "*)", "* )") + "*)\n"
	if err := os.MkdirAll(*longOut, 0o755); err != nil {
		t.Error(err)
	}
	if err := os.WriteFile(filepath.Join(*longOut, o.Case.Name+".cub"), []byte(body), 0o644); err != nil {
		t.Error(err)
	}
}
