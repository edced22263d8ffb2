package dpor

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/translate"
)

// corpusOrbits pins the explicit engine's verdict, states (orbits) and
// transitions fired on every corpus instance at n = 2 and 3 with the
// options of `cubew bounded` that ends within 30,000 states (flash at
// n = 2 is TestFlashOrbits's). The counts are those of main at c7cfcc9,
// before the search got faster (guards known false, canonical keys
// without permuted copies, the arena visited set): the reductions are
// exact, so a faster search must find the same orbits, and the same
// successors, in the same order (an unsafe instance stops at the same
// state).
var corpusOrbits = []struct {
	file        string
	n           int
	verdict     translate.Verdict
	states      int
	transitions int
}{
	{"cubicle-w/cubtso/arbiter_v1_N.cub", 2, translate.Safe, 29, 23},
	{"cubicle-w/cubtso/arbiter_v1_N.cub", 3, translate.Safe, 76, 95},
	{"cubicle-w/cubtso/arbiter_v2_N.cub", 2, translate.Safe, 26, 21},
	{"cubicle-w/cubtso/arbiter_v2_N.cub", 3, translate.Safe, 80, 107},
	{"cubicle-w/cubtso/arbiter_v3_N.cub", 2, translate.Safe, 289, 334},
	{"cubicle-w/cubtso/arbiter_v3_N.cub", 3, translate.Safe, 3669, 7397},
	{"cubicle-w/cubtso/chandy_misra.cub", 2, translate.Safe, 261, 317},
	{"cubicle-w/cubtso/chandy_misra.cub", 3, translate.Safe, 5525, 10345},
	{"cubicle-w/cubtso/dekker_2.cub", 2, translate.Safe, 368, 686},
	{"cubicle-w/cubtso/dekker_2_us.cub", 2, translate.Unsafe, 10, 11},
	{"cubicle-w/cubtso/dekker_2b.cub", 2, translate.Safe, 375, 688},
	{"cubicle-w/cubtso/dekker_2b.cub", 3, translate.Safe, 453, 835},
	{"cubicle-w/cubtso/dekker_2b_us.cub", 2, translate.Unsafe, 14, 12},
	{"cubicle-w/cubtso/dekker_2b_us.cub", 3, translate.Unsafe, 14, 12},
	{"cubicle-w/cubtso/dekker_loc_N.cub", 2, translate.Safe, 10, 13},
	{"cubicle-w/cubtso/dekker_loc_N.cub", 3, translate.Safe, 17, 33},
	{"cubicle-w/cubtso/dekker_simple_N.cub", 2, translate.Safe, 6, 9},
	{"cubicle-w/cubtso/dekker_simple_N.cub", 3, translate.Safe, 9, 21},
	{"cubicle-w/cubtso/inc.cub", 2, translate.Safe, 3, 3},
	{"cubicle-w/cubtso/lamport_N.cub", 2, translate.Safe, 776, 1055},
	{"cubicle-w/cubtso/lamport_N.cub", 3, translate.Safe, 23411, 48467},
	{"cubicle-w/cubtso/lamport_N_us.cub", 2, translate.Unsafe, 62, 81},
	{"cubicle-w/cubtso/lamport_N_us.cub", 3, translate.Unsafe, 134, 236},
	{"cubicle-w/cubtso/lamport_simple_N.cub", 2, translate.Safe, 7, 10},
	{"cubicle-w/cubtso/lamport_simple_N.cub", 3, translate.Safe, 15, 25},
	{"cubicle-w/cubtso/minimal.cub", 2, translate.Safe, 9, 7},
	{"cubicle-w/cubtso/moesi_N.cub", 2, translate.Safe, 6, 16},
	{"cubicle-w/cubtso/moesi_N.cub", 3, translate.Safe, 8, 34},
	{"cubicle-w/cubtso/msi_N.cub", 2, translate.Safe, 4, 11},
	{"cubicle-w/cubtso/msi_N.cub", 3, translate.Safe, 5, 22},
	{"cubicle-w/cubtso/mutex_N.cub", 2, translate.Safe, 15, 15},
	{"cubicle-w/cubtso/mutex_N.cub", 3, translate.Safe, 28, 37},
	{"cubicle-w/cubtso/mutex_N_us.cub", 2, translate.Unsafe, 10, 11},
	{"cubicle-w/cubtso/mutex_N_us.cub", 3, translate.Unsafe, 13, 20},
	{"cubicle-w/cubtso/mutex_xchg_N.cub", 2, translate.Safe, 8, 14},
	{"cubicle-w/cubtso/mutex_xchg_N.cub", 3, translate.Safe, 12, 33},
	{"cubicle-w/cubtso/peterson_2.cub", 2, translate.Safe, 70, 85},
	{"cubicle-w/cubtso/peterson_2_us.cub", 2, translate.Unsafe, 28, 34},
	{"cubicle-w/cubtso/peterson_2b.cub", 2, translate.Safe, 74, 86},
	{"cubicle-w/cubtso/peterson_2b.cub", 3, translate.Safe, 74, 86},
	{"cubicle-w/cubtso/peterson_2b_us.cub", 2, translate.Unsafe, 32, 35},
	{"cubicle-w/cubtso/peterson_2b_us.cub", 3, translate.Unsafe, 32, 35},
	{"cubicle-w/cubtso/sense_rev_N.cub", 2, translate.Safe, 21, 22},
	{"cubicle-w/cubtso/sense_rev_N.cub", 3, translate.Safe, 40, 54},
	{"cubicle-w/cubtso/spinlock_N.cub", 2, translate.Safe, 11, 19},
	{"cubicle-w/cubtso/spinlock_N.cub", 3, translate.Safe, 21, 57},
	{"cubicle-w/cubtso/spinlock_N_us.cub", 2, translate.Unsafe, 8, 9},
	{"cubicle-w/cubtso/spinlock_N_us.cub", 3, translate.Unsafe, 10, 17},
	{"cubicle-w/cubtso/two_phase_N.cub", 2, translate.Safe, 29, 45},
	{"cubicle-w/cubtso/two_phase_N.cub", 3, translate.Safe, 75, 170},
	{"cubicle-w/cubtso/two_phase_i_N.cub", 2, translate.Safe, 25, 26},
	{"cubicle-w/cubtso/two_phase_i_N.cub", 3, translate.Safe, 80, 146},
	{"cubicle-w/litmus/iriw_s.cub", 2, translate.Safe, 9, 6},
	{"cubicle-w/litmus/iriw_s.cub", 3, translate.Safe, 37, 42},
	{"cubicle-w/litmus/mp3_tso_s.cub", 2, translate.Safe, 26, 26},
	{"cubicle-w/litmus/mp3_tso_s.cub", 3, translate.Safe, 109, 157},
	{"cubicle-w/litmus/rwc_s.cub", 2, translate.Safe, 11, 10},
	{"cubicle-w/litmus/rwc_s.cub", 3, translate.Safe, 58, 71},
	{"cubicle-w/litmus/rwc_us.cub", 2, translate.Safe, 11, 10},
	{"cubicle-w/litmus/rwc_us.cub", 3, translate.Unsafe, 115, 149},
	{"cubicle-w/litmus/sb_s.cub", 2, translate.Safe, 20, 18},
	{"cubicle-w/litmus/sb_us.cub", 2, translate.Unsafe, 15, 15},
	{"cubicle-w/litmus/wrc_s.cub", 2, translate.Safe, 15, 11},
	{"cubicle-w/litmus/wrc_s.cub", 3, translate.Safe, 61, 72},
	{"cubicle/bakery.cub", 2, translate.Safe, 13, 20},
	{"cubicle/bakery.cub", 3, translate.Safe, 45, 96},
	{"cubicle/bakery_lamport_bogus.cub", 2, translate.Unsafe, 174, 286},
	{"cubicle/bakery_lamport_bogus.cub", 3, translate.Unsafe, 500, 858},
	{"cubicle/berkeley.cub", 2, translate.Safe, 5, 13},
	{"cubicle/berkeley.cub", 3, translate.Safe, 7, 29},
	{"cubicle/dekker.cub", 2, translate.Safe, 6, 11},
	{"cubicle/dekker.cub", 3, translate.Safe, 9, 24},
	{"cubicle/dijkstra.cub", 2, translate.Safe, 64, 122},
	{"cubicle/dijkstra.cub", 3, translate.Safe, 278, 904},
	{"cubicle/flash_nodata.cub", 2, translate.Safe, 8493, 40408},
	{"cubicle/futurebus.cub", 2, translate.Unsafe, 16, 32},
	{"cubicle/futurebus.cub", 3, translate.Safe, 15, 50},
	{"cubicle/german.ctc.cub", 2, translate.Safe, 12510, 41894},
	{"cubicle/german.cub", 2, translate.Safe, 735, 1945},
	{"cubicle/german.cub", 3, translate.Safe, 4947, 19747},
	{"cubicle/germanish.cub", 2, translate.Safe, 12, 20},
	{"cubicle/germanish.cub", 3, translate.Safe, 16, 37},
	{"cubicle/illinois.cub", 2, translate.Safe, 5, 19},
	{"cubicle/illinois.cub", 3, translate.Safe, 6, 36},
	{"cubicle/mesi.cub", 2, translate.Safe, 5, 14},
	{"cubicle/mesi.cub", 3, translate.Safe, 6, 27},
	{"cubicle/moesi.cub", 2, translate.Safe, 6, 16},
	{"cubicle/moesi.cub", 3, translate.Safe, 8, 34},
	{"cubicle/mutex.cub", 2, translate.Safe, 6, 11},
	{"cubicle/mutex.cub", 3, translate.Safe, 9, 24},
	{"cubicle/peterson_two_proc.cub", 2, translate.Safe, 30, 52},
	{"cubicle/ricart_agrawala.cub", 2, translate.Safe, 304, 492},
	{"cubicle/sense_barrier.cub", 2, translate.Safe, 48, 92},
	{"cubicle/sense_barrier.cub", 3, translate.Safe, 158, 528},
	{"cubicle/synapse.cub", 2, translate.Safe, 4, 9},
	{"cubicle/synapse.cub", 3, translate.Safe, 6, 23},
	{"cubicle/szymanski_at.cub", 2, translate.Safe, 43, 63},
	{"cubicle/szymanski_at.cub", 3, translate.Safe, 211, 435},
	{"cubicle/two-semaphores.cub", 2, translate.Safe, 20, 62},
	{"cubicle/two-semaphores.cub", 3, translate.Safe, 30, 142},
	{"cubicle/xerox_dragon.cub", 2, translate.Safe, 5, 13},
	{"cubicle/xerox_dragon.cub", 3, translate.Safe, 7, 39},
}

// TestCorpusOrbits runs the instances of corpusOrbits and checks their
// counts.
func TestCorpusOrbits(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err, "the counts are those of the corpus")
	es, err := corpus.Expected(dir)
	require.NoError(t, err)
	model := map[string]string{}
	for _, e := range es {
		model[e.File] = e.Model
	}
	ran := 0
	for _, c := range corpusOrbits {
		m, mm := loadCorpus(t, dir, corpus.Entry{File: c.file, Model: model[c.file]})
		opts := Options{N: c.n, Model: mm, MaxStates: 2 * c.states, MaxBuffer: 32, Symmetry: true, DeadValues: true, Shift: true, Order: true,
			AssumeInvariants: true} // the instances as expected.tsv reads them
		res, err := Explicit(context.Background(), m, opts)
		require.NoError(t, err, c.file)
		require.Equal(t, c.verdict, res.Verdict, "%s n=%d: %s", c.file, c.n, res.Reason)
		require.Equal(t, c.states, res.States, "%s n=%d", c.file, c.n)
		require.Equal(t, c.transitions, res.Transitions, "%s n=%d", c.file, c.n)
		ran++
	}
	require.Equal(t, 102, ran)
}
