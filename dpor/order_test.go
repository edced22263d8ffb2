package dpor

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/translate"
)

// orderModel: a process takes a ticket from a real clock that grows
// without bound, and enters when its ticket is the smallest among the
// processes that are not idle; idle processes keep their old tickets.
const orderModel = `
type phase = Idle | Wait | Crit
var Timer : real
array Clock[proc] : real
array State[proc] : phase
const Tick : real
init (z) { State[z] = Idle && Clock[z] = 0.0 && Timer = 1.0 }
unsafe (z1 z2) { State[z1] = Crit && State[z2] = Crit }
transition request (z)
requires { State[z] = Idle && 0.0 < Tick }
{
  Timer := Timer + Tick;
  State[j] := case | j = z : Wait | _ : State[j];
  Clock[j] := case | j = z : Timer | _ : Clock[j]
}
transition enter (z)
requires { State[z] = Wait && forall_other j. (State[j] = Idle || Clock[z] < Clock[j]) }
{ State[j] := case | j = z : Crit | _ : State[j] }
transition leave (z)
requires { State[z] = Crit }
{ State[j] := case | j = z : Idle | _ : State[j] }
`

// orderInit is where the exactness test pins the step of a model.
const orderInit = "Timer = 1.0"

// orderClass keys st by the order with ties of its reals and the sign of
// its step, step counters left out: the classes of the reduction, the
// same across runs (whose tables of rationals differ).
func orderClass(p *program, st *state) string {
	q := *p
	q.order = p.orderLocs()
	c := q.ranked(st)
	vals := slices.Clone(c.vals)
	if s := q.order.step; s >= 0 && vals[s].numeric() {
		vals[s] = value{K: kInt, N: int64(q.num.rat(vals[s]).Sign())}
	}
	return string(q.renamedKey(&state{vals: vals, bufs: c.bufs}, nil))
}

// maxOrderSteps bounds the steps bounds TestOrderExact tries.
const maxOrderSteps = 12

// TestOrderExact checks the reduction on models whose ordered state
// space is finite and whose unreduced one is not: the states of the
// ordered run without a steps bound are exactly the classes (orderClass)
// of the states of the unreduced runs with the step pinned in init to
// -1.0, 0.0 and 1.0 in turn, with a steps bound k large enough (the
// smallest such k is pinned; every bound below finds a subset), and the
// verdicts agree. Every run enumerates free initial values up front (a
// hook is set).
func TestOrderExact(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err, "the cases include a corpus file")
	ricart, err := os.ReadFile(filepath.Join(dir, "cubicle/ricart_agrawala.cub"))
	require.NoError(t, err)
	cases := []struct {
		name, src     string
		n, k, reduced int
	}{
		{"clock", orderModel, 2, 3, 13},
		{"clock", orderModel, 3, 3, 54},
		{"ricart_agrawala", string(ricart), 2, 7, 1216},
	}
	ran := 0
	for _, c := range cases {
		classes := func(src string, opts Options) (map[string]bool, *Result) {
			keys := map[string]bool{}
			res, err := explore(context.Background(), load(t, src, true), opts, func(p *program, st *state) {
				keys[orderClass(p, st)] = true
			})
			require.NoError(t, err)
			require.NotEqual(t, translate.Unknown, res.Verdict, res.Reason)
			return keys, res
		}
		want, reduced := classes(c.src, Options{N: c.n, Order: true, MaxStates: deadMaxStates})
		require.True(t, reduced.Ordered, reduced.OrderRefused)
		require.Equal(t, c.reduced, reduced.States, "%s n=%d", c.name, c.n)
		require.Len(t, want, reduced.States)
		k, plainStates := 0, 0
		got := map[string]bool{}
		for !maps.Equal(want, got) && k < maxOrderSteps {
			k++
			clear(got)
			plainStates = 0
			for _, step := range []string{"-1.0", "0.0", "1.0"} {
				src := strings.Replace(c.src, orderInit, orderInit+" && Tick = "+step, 1)
				keys, plain := classes(src, Options{N: c.n, MaxSteps: k, MaxStates: deadMaxStates})
				require.False(t, plain.Ordered)
				require.Equal(t, reduced.Verdict, plain.Verdict)
				maps.Copy(got, keys)
				plainStates += plain.States
			}
			for key := range got {
				require.True(t, want[key], "k=%d: a class the ordered run did not reach", k)
			}
		}
		require.Equal(t, c.k, k, "%s n=%d: smallest steps bound covering every class", c.name, c.n)
		t.Logf("%s n=%d: %d states up to order, the classes of %d states within %d steps", c.name, c.n, reduced.States, plainStates, k)
		ran++
	}
	require.Equal(t, len(cases), ran)
}

// TestOrderRefused: a real compared with a number refuses the reduction,
// with the position, and the run stays an under-approximation (the step
// is "other" among init's literals, so `0.0 < Tick` is unknown).
func TestOrderRefused(t *testing.T) {
	m := load(t, orderModel+"transition early (z)\nrequires { Clock[z] < 2.0 && State[z] = Crit }\n{ State[j] := case | j = z : Idle | _ : State[j] }\n", true)
	res := run(t, m, Options{N: 2, Order: true, MaxSteps: 3})
	require.False(t, res.Ordered)
	require.Equal(t, "test.cub:23:12: a real compared with a value that an order-preserving map may move", res.OrderRefused)
	require.Equal(t, translate.Unknown, res.Verdict)
	require.Equal(t, "under-approximation: guard of request depends on an unconstrained value", res.Reason)

	for _, c := range []struct{ src, why string }{
		{orderModel + "transition back (z)\nrequires { State[z] = Wait }\n{ Timer := Timer - Tick }\n",
			"test.cub:24:3: Timer is assigned a value that is neither a copy nor an increment"},
		{strings.Replace(orderModel, "const Tick : real", "const Tick : real\nconst Other : real", 1),
			"two real constants, Other and Tick"},
		{orderModel + "invariant () { Tick = Timer }\n",
			"test.cub:22:16: a real compared with a value that an order-preserving map may move"},
		{strings.Replace(orderModel, orderInit, orderInit+" && Tick = 1.0", 1),
			"test.cub:7:64: init constrains the step Tick"},
	} {
		res := run(t, load(t, c.src, true), Options{N: 2, Order: true, MaxSteps: 3})
		require.False(t, res.Ordered)
		require.Equal(t, c.why, res.OrderRefused)
	}
}

// incrementModel increments a clock that is not always the largest
// value: Late takes a ticket below Timer's, and bumping it by the step
// may pass Timer or not, depending on the step's size.
const incrementModel = `
var Timer : real
var Late : real
const Tick : real
init () { Timer = 1.0 && Late = 0.0 }
unsafe () { Timer < Late }
transition bump ()
requires { 0.0 < Tick && Late < Timer }
{ Late := Late + Tick }
`

// TestOrderIncrementNotLargest: the model qualifies statically, but an
// increment of a value below the largest is not order-exact, so it gives
// an unknown value and the run ends Unknown, never Safe (with Tick = 1
// it would be Safe, with Tick = 2 Unsafe).
func TestOrderIncrementNotLargest(t *testing.T) {
	res := run(t, load(t, incrementModel, true), Options{N: 1, Order: true})
	require.True(t, res.Ordered, res.OrderRefused)
	require.Equal(t, translate.Unknown, res.Verdict)
	require.Equal(t, "under-approximation: an unsafe item depends on an unconstrained value", res.Reason)
}

// TestOrderRicartAgrawala decides the corpus's ricart_agrawala at n = 2
// within a budget of states, with the reductions of `cubew bounded`.
func TestOrderRicartAgrawala(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err)
	m, mm := loadCorpus(t, dir, corpus.Entry{File: "cubicle/ricart_agrawala.cub", Model: "sc"})
	res := run(t, m, Options{N: 2, Model: mm, MaxStates: 400, DeadValues: true, Shift: true, Order: true})
	require.True(t, res.Ordered, res.OrderRefused)
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	require.Equal(t, 304, res.States)
	require.Equal(t, 48, res.Initial)
}

// TestOrderWitness: with the reduction, an unsafe state reached through
// increments, one reached before any (the step is never read: any value),
// and one that needs the step not positive come with a shortest witness
// that replays (the third starts with the step at -1, the first of its
// candidates, which Replay tries with Options.Order only).
func TestOrderWitness(t *testing.T) {
	cases := []struct {
		unsafe string
		steps  int
		step   string
	}{
		{"State[z1] = Crit && State[z2] = Wait && Clock[z1] < Clock[z2]", 3, "1.0"},
		{"Clock[z1] = Clock[z2] && State[z1] = Idle", 0, freeText},
		{"Clock[z1] = Clock[z2] && Tick <= 0.0", 0, "-1.0"},
	}
	for _, c := range cases {
		src := strings.Replace(orderModel, "State[z1] = Crit && State[z2] = Crit", c.unsafe, 1)
		m := load(t, src, true)
		opts := Options{N: 2, Order: true}
		res := run(t, m, opts)
		require.True(t, res.Ordered, res.OrderRefused)
		require.Equal(t, translate.Unsafe, res.Verdict, res.Reason)
		require.Len(t, res.Witness.Steps, c.steps)
		require.Contains(t, res.Witness.Init, Binding{Loc: "Tick", Value: c.step})
		require.NoError(t, Replay(m, opts, res.Witness))
	}
}
