package dpor

import (
	"context"
	"testing"

	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestSubtypesHoldInReachableStates checks translate's subtypes, a static
// over-approximation the parameterized engine trusts, against the states
// the explicit engine reaches on small instances of every corpus file
// (unsafe items dropped so that the exploration goes on; n = 2, and 3
// with long tests): every value of an enumerated location, in memory or in
// a store buffer, must lie in its symbol's subtype.
func TestSubtypesHoldInReachableStates(t *testing.T) {
	if testing.Short() {
		t.Skip("explores the corpus")
	}
	dir, entries := corpusEntries(t)
	restricted := 0
	for _, e := range entries {
		t.Run(e.File, func(t *testing.T) {
			m, mm := loadCorpus(t, dir, e)
			_, err := translate.Build(m)
			require.NoError(t, err)
			m.Unsafes = nil
			maxN := 2
			if longTests() {
				maxN = 3
			}
			for n := 2; n <= maxN && (m.NumProcs == 0 || n <= m.NumProcs); n++ {
				opts := Options{N: n, Model: mm, MaxStates: 50000, MaxSteps: 8}
				_, err := explore(context.Background(), m, opts, func(p *program, st *state) {
					check := func(l int, v value) {
						sub := translate.SubtypeOf(p.locs[l].sym.s)
						if sub == nil || v.K != kCons {
							return
						}
						restricted++
						require.True(t, sub[p.cons[v.N]], "%s: %s holds %s, outside its subtype %v",
							e.File, p.locs[l].name, p.cons[v.N], sub)
					}
					for l, v := range st.vals {
						check(l, v)
					}
					for _, b := range st.bufs {
						for _, g := range b {
							for _, w := range g {
								check(int(w.loc), w.val)
							}
						}
					}
				})
				require.NoError(t, err)
			}
		})
	}
	require.Positive(t, restricted, "some reachable value was checked against a strict subtype")
}
