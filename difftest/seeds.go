package difftest

import (
	"context"
	"fmt"

	"github.com/cubew/cubew/memmodel"
)

// Generated is the case of the model Generate draws from seed for memory
// model mm: a plain model under sc, a weak one under tso and pso.
func Generated(mm memmodel.Model, seed uint64) Case {
	return Case{
		Name:  fmt.Sprintf("gen-%s-%d", mm.Name(), seed),
		Src:   Generate(seed, mm.Buffered()),
		Model: mm,
	}
}

// RunSeeds compares the generated models of seeds from..from+count-1
// under mm, counts their classes and hands every outcome to each (which
// may be nil).
func RunSeeds(ctx context.Context, mm memmodel.Model, from, count uint64, b Budget, each func(*Outcome)) Tally {
	var t Tally
	for seed := from; seed < from+count; seed++ {
		o := Run(ctx, Generated(mm, seed), b)
		t.Add(o.Class)
		if each != nil {
			each(o)
		}
	}
	return t
}
