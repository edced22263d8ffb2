package reach

import (
	"testing"

	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// growingOracle reaches nothing and counts the times it was asked to grow.
type growingOracle struct{ grown int }

func (o *growingOracle) Reached(*translate.Cube) bool { return false }
func (o *growingOracle) MaxVars() int                 { return 2 }
func (o *growingOracle) Grow() bool                   { o.grown++; return true }

// TestGrowOracle: after a refutation an oracle that can grow is asked to,
// unless the search no longer approximates (past Options.MaxRestarts).
func TestGrowOracle(t *testing.T) {
	o := &growingOracle{}
	e := &engine{opts: Options{Oracle: o}}
	e.growOracle()
	require.Equal(t, 1, o.grown)
	e.noApprox = true
	e.growOracle()
	require.Equal(t, 1, o.grown, "a run without approximation asks nothing")
}

// deepeningOracle calls unreached every cube but those of reachedDeep
// once it has been deepened, which it can be once.
type deepeningOracle struct {
	reachedDeep map[string]bool
	deepened    int
}

func (o *deepeningOracle) Reached(c *translate.Cube) bool {
	return o.deepened > 0 && o.reachedDeep[c.Key()]
}
func (o *deepeningOracle) MaxVars() int { return 2 }
func (o *deepeningOracle) Deepen() bool {
	o.deepened++
	return o.deepened == 1
}

// TestDeepenIfStalled: a search approximating with an oracle that can
// deepen deepens it after stallNodes nodes, refutes the candidates it
// judged that the deeper oracle reaches (not the guesses, which it did
// not judge) and starts over; past that, an oracle that no longer
// deepens is not asked again.
func TestDeepenIfStalled(t *testing.T) {
	cube := func(lits ...translate.Literal) *translate.Cube {
		c, ok := translate.NewCube(lits)
		require.True(t, ok)
		return c
	}
	next, serving, tickets := counters()
	x := translate.NewLiteral(translate.Lt, next, serving)
	y := translate.NewLiteral(translate.Lt, serving, translate.StateTerm(tickets, 1))
	reachedJudged, reachedGuess, unreached := cube(x), cube(y), cube(x, y)
	o := &deepeningOracle{reachedDeep: map[string]bool{reachedJudged.Key(): true, reachedGuess.Key(): true}}
	e := &engine{opts: Options{Oracle: o, ApproxAfter: 10}, bad: map[string]bool{}, cands: map[string]*node{
		reachedJudged.Key(): {cube: reachedJudged, approx: true, judged: true},
		reachedGuess.Key():  {cube: reachedGuess, approx: true},
		unreached.Key():     {cube: unreached, approx: true, judged: true},
	}}
	e.stats.Nodes = 5
	require.NoError(t, e.deepenIfStalled(), "exact yet")
	require.Zero(t, e.deepenAt)
	e.stats.Nodes = 10
	require.NoError(t, e.deepenIfStalled(), "approximating from here")
	require.Equal(t, 10+stallNodes, e.deepenAt)
	e.stats.Nodes = 10 + stallNodes - 1
	require.NoError(t, e.deepenIfStalled())
	require.Zero(t, o.deepened)

	e.stats.Nodes = 10 + stallNodes
	require.ErrorIs(t, e.deepenIfStalled(), errRestart)
	require.Equal(t, 1, o.deepened)
	require.Equal(t, 1, e.stats.Deepened)
	require.Equal(t, 1, e.stats.Refuted)
	require.Equal(t, 1, e.stats.DeepRefuted)
	require.True(t, e.bad[reachedJudged.Key()])
	require.False(t, e.bad[reachedGuess.Key()], "a guess the oracle did not judge")
	require.False(t, e.bad[unreached.Key()])

	e.stats.Restarts = 1
	e.stats.Nodes += stallNodes
	require.NoError(t, e.deepenIfStalled(), "the oracle no longer deepens")
	require.Equal(t, 2, o.deepened)
	e.stats.Nodes += 10 * stallNodes
	require.NoError(t, e.deepenIfStalled())
	require.Equal(t, 2, o.deepened, "not asked again")
	require.Equal(t, 1, e.stats.Deepened)
}
