package dpor

import (
	"context"
	"maps"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/translate"
)

// behindModel: T grows, L copies it; L falls behind by any distance, so
// the shifted states are infinitely many, (L, T) = (0, d) for every d.
// The offsets are at most 1, so gaps are capped at 2: d in {0, 1, >= 2}.
const behindModel = `
var T : int
var L : int
init () { T = 0 && L = 0 }
unsafe () { T < L }
transition grow (p)
{ T := T + 1 }
transition keep (p)
{ L := T }
`

// TestGaps counts by hand: with gaps capped, behindModel has 3 states
// and is safe, where the shift alone stops at the state limit; a step
// that moves L up by one inside a capped gap (walk) breaks the keys: the
// run stops, Unknown, with GapsBroken.
func TestGaps(t *testing.T) {
	m := load(t, behindModel, true)
	res := run(t, m, Options{N: 1, Shift: true, Gaps: true})
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	require.Equal(t, int64(2), res.Gapped)
	require.Equal(t, 3, res.States)
	require.False(t, res.GapsBroken)
	res = run(t, m, Options{N: 1, Shift: true, MaxStates: 50})
	require.Equal(t, translate.Unknown, res.Verdict)
	require.Equal(t, int64(0), res.Gapped)

	m = load(t, behindModel+"transition walk (p)\nrequires { L < T }\n{ L := L + 1 }\n", true)
	res = run(t, m, Options{N: 1, Shift: true, Gaps: true})
	require.Equal(t, translate.Unknown, res.Verdict)
	require.True(t, res.GapsBroken)
	require.Equal(t, "a step puts an integer inside a capped gap", res.Reason)
}

// maxGapSteps bounds the steps bounds TestGapsExact tries.
const maxGapSteps = 16

// TestGapsExact checks capped gaps as TestShiftExact checks the shift:
// the states of the capped run without a steps bound are exactly the
// keys (shifted, gaps capped) of the uncapped run's states with a steps
// bound k large enough (the smallest is pinned; every bound below finds
// a subset), step counters left out, dead cells (R[i] of an idle process,
// unconstrained before its first ticket) undefined. The ticket spin lock under TSO
// (buffers included) is infinite up to a shift: a process that read
// Tail before another's compare-and-swap keeps its ticket forever.
func TestGapsExact(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err, "the cases include a corpus file")
	cases := []struct {
		file          string
		n, k, classes int
	}{
		{"", 1, 2, 3},
		{"", 2, 1, 3},
		{"cubicle-w/cubtso/ticket_spin_lock_N.cub", 1, 5, 6},
		{"cubicle-w/cubtso/ticket_spin_lock_N.cub", 2, 13, 62},
		{"cubicle-w/cubtso/ticket_spin_lock_N.cub", 3, 13, 680},
	}
	ran := 0
	for _, c := range cases {
		m, mm := load(t, behindModel, true), memmodel.Model(memmodel.SC)
		if c.file != "" {
			m, mm = loadCorpus(t, dir, corpus.Entry{File: c.file, Model: "tso"})
		}
		classes := func(opts Options) (map[string]bool, *Result) {
			keys := map[string]bool{}
			opts.Model, opts.DeadValues = mm, true
			res, err := explore(context.Background(), m, opts, func(p *program, st *state) {
				q := *p
				q.shift, q.gap = p.shiftLocs(), 2
				c := q.shifted(q.dead.withoutDead(st, &state{}))
				keys[string(q.renamedKey(&state{vals: c.vals, bufs: c.bufs}, nil))] = true
			})
			require.NoError(t, err)
			require.NotEqual(t, translate.Unknown, res.Verdict, res.Reason)
			return keys, res
		}
		want, capped := classes(Options{N: c.n, Shift: true, Gaps: true, MaxStates: deadMaxStates})
		require.Equal(t, int64(2), capped.Gapped)
		require.Equal(t, c.classes, capped.States)
		require.Len(t, want, capped.States)
		k := 0
		var got map[string]bool
		var plain *Result
		for !maps.Equal(want, got) && k < maxGapSteps {
			k++
			got, plain = classes(Options{N: c.n, MaxSteps: k, MaxStates: deadMaxStates})
			for key := range got {
				require.True(t, want[key], "k=%d: a class the capped run did not reach", k)
			}
		}
		require.Equal(t, c.k, k, "%s n=%d: smallest steps bound covering every class", c.file, c.n)
		require.Equal(t, capped.Verdict, plain.Verdict)
		t.Logf("%s n=%d: %d states with gaps capped, the classes of %d states within %d steps", c.file, c.n, capped.States, plain.States, k)
		ran++
	}
	require.Equal(t, len(cases), ran)
}
