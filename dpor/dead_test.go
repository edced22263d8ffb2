package dpor

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/translate"
)

// deadModel is a one-place buffer: put fills it with any value, use
// consumes it when it holds V1, drop empties it. D is stale while C is
// Empty. With refill, which fills C again without writing D, the stale
// value becomes live: no rule then.
const deadModel = `
type st = Empty | Full
type val = V0 | V1 | V2
var C : st
var D : val
init () { C = Empty }
transition put (p)
requires { C = Empty }
{ C := Full; D := . }
transition use (p)
requires { C = Full && D = V1 }
{ C := Empty }
transition drop (p)
requires { C = Full }
{ C := Empty }
`

// TestDeadValues counts by hand: without the reduction, the initial
// state (D free, kept symbolic) and (C, D) with each of the 2·3 values of
// D, 7 states; with it the four states with C = Empty are one, 1 + 3 = 4.
// refill makes the stale value live (use reads it, so D is enumerated:
// 2·3 = 6 states): the rule is refused and the count stays 6.
func TestDeadValues(t *testing.T) {
	for _, c := range []struct {
		src         string
		plain, dead int
		rules       string
	}{
		{deadModel, 7, 4, "D while C in {Empty}"},
		{deadModel + "transition refill (p)\nrequires { C = Empty }\n{ C := Full }\n", 6, 6, ""},
	} {
		m := load(t, c.src, true)
		plain := run(t, m, Options{N: 1})
		dead := run(t, m, Options{N: 1, DeadValues: true})
		require.Equal(t, translate.Safe, plain.Verdict)
		require.Equal(t, translate.Safe, dead.Verdict)
		require.Equal(t, c.plain, plain.States)
		require.Equal(t, c.dead, dead.States)
		require.Equal(t, c.rules, dead.DeadValues)
	}
}

// deadMaxStates bounds the runs of TestDeadValuesExact (a run that
// reaches it fails).
const deadMaxStates = 100_000

// TestDeadValuesExact checks the reduction on corpus files that have
// dead-value rules: the reduced run finds exactly one state per class of
// the unreduced run's states (the classes of states equal up to their
// dead cells), and the same verdict. Both runs enumerate free initial
// values up front (a hook is set), so the instances are small.
func TestDeadValuesExact(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err, "the cases are corpus files")
	cases := []struct {
		file  string
		n, k  int
		rules string
	}{
		{"cubicle/german.ctc.cub", 1, 4, "CacheData[i] while CacheState[i] in {Invalid}; Chan1Data (never read); " +
			"Chan2Data[i] while Chan2Cmd[i] in {Empty, Reqs, Reqe, Inv, Invack}; CurClient while Curcmd in {Empty, Inv, Invack, Gnts, Gnte}"},
		{"cubicle/german.cub", 2, 5, ""},
		{"cubicle-w/cubtso/ticket_spin_lock_N.cub", 2, 4, "R[i] while PC[i] in {L1}"},
		{"cubicle/flash_nodata.cub", 1, 3, ""},
	}
	ran := 0
	for _, c := range cases {
		model := "sc"
		if strings.HasPrefix(c.file, "cubicle-w/") {
			model = "tso"
		}
		m, mm := loadCorpus(t, dir, corpus.Entry{File: c.file, Model: model})
		opts := Options{N: c.n, Model: mm, MaxSteps: c.k, MaxStates: deadMaxStates}
		classes := map[string]bool{}
		var dc deadCells
		plain, err := explore(context.Background(), m, opts, func(p *program, st *state) {
			if dc == nil {
				dc = p.compileDead(p.deadRules())
			}
			classes[string(p.renamedKey(dc.withoutDead(st, &state{}), nil))] = true
		})
		require.NoError(t, err)
		opts.DeadValues = true
		dead, err := explore(context.Background(), m, opts, func(*program, *state) {}) // free values enumerated, as above
		require.NoError(t, err)
		t.Logf("%s n=%d k=%d: %d states, %d with dead values keyed as one (%s)", filepath.Base(c.file), c.n, c.k,
			plain.States, dead.States, dead.DeadValues)
		if c.rules != "" {
			require.Equal(t, c.rules, dead.DeadValues)
		}
		require.NotEqual(t, translate.Unknown, plain.Verdict, plain.Reason)
		require.Equal(t, plain.Verdict, dead.Verdict)
		require.Equal(t, len(classes), dead.States)
		ran++
	}
	require.Equal(t, len(cases), ran)
}
