package dpor

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/translate"
)

// counts is the part of a Result that hand computations predict.
type counts struct {
	Initial, States, Transitions, Flushes int
}

func countsOf(r *Result) counts {
	return counts{r.Initial, r.States, r.Transitions, r.Flushes}
}

func TestHandCounts(t *testing.T) {
	// Two processes each move A -> B once: states AA, BA, AB, BB; four
	// firings (two from AA, one each from BA and AB).
	const moves = `
type loc = A | B
array PC[proc] : loc
init (p) { PC[p] = A }
unsafe (p) { PC[p] = A && PC[p] = B }
transition go (p) requires { PC[p] = A } { PC[p] := B }
`
	// One buffered write per process. Per process: A with an empty buffer,
	// B with X=1 pending, B flushed; memory X is 1 iff someone flushed, so
	// with N processes there are 3^N states. Each process fires once and
	// flushes once from each state where it is in that phase.
	const write1 = `
type loc = A | B
array PC[proc] : loc
weak var X : int
init (p) { PC[p] = A && X = 0 }
unsafe (p q) { PC[p] = A && PC[p] = B }
transition w ([p]) requires { PC[p] = A } { PC[p] := B; X := 1 }
`
	// One process writes X and Y in two transitions, in either order.
	// Each location is unwritten, pending or flushed: 3·3 = 9 states under
	// PSO; TSO also tells the two orders of a buffer with both pending
	// apart: 10; SC has 4 (each written or not). wx fires from the 3
	// states where X is unwritten, wy likewise: 6 firings (SC: 2+2). PSO
	// flushes X from the 3 states where it is pending, Y likewise: 6;
	// TSO flushes the oldest group of the 6 states with a pending write.
	const twoWrites = `
type loc = A | B
array DX[proc] : bool
array DY[proc] : bool
weak var X : int
weak var Y : int
init (p) { DX[p] = False && DY[p] = False && X = 0 && Y = 0 }
unsafe (p q) { DX[p] = True && DX[p] = False }
transition wx ([p]) requires { DX[p] = False } { DX[p] := True; X := 1 }
transition wy ([p]) requires { DY[p] = False } { DY[p] := True; Y := 1 }
`
	tests := []struct {
		name  string
		src   string
		n     int
		model memmodel.Model
		want  counts
	}{
		{"moves/sc/n=2", moves, 2, memmodel.SC, counts{1, 4, 4, 0}},
		{"moves/sc/n=3", moves, 3, memmodel.SC, counts{1, 8, 12, 0}},
		{"write1/tso/n=1", write1, 1, memmodel.TSO, counts{1, 3, 1, 1}},
		{"write1/tso/n=2", write1, 2, memmodel.TSO, counts{1, 9, 6, 6}},
		{"write1/sc/n=2", write1, 2, memmodel.SC, counts{1, 4, 4, 0}},
		{"twoWrites/pso", twoWrites, 1, memmodel.PSO, counts{1, 9, 6, 6}},
		{"twoWrites/tso", twoWrites, 1, memmodel.TSO, counts{1, 10, 6, 6}},
		{"twoWrites/sc", twoWrites, 1, memmodel.SC, counts{1, 4, 4, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := run(t, load(t, tc.src, false), Options{N: tc.n, Model: tc.model})
			require.Equal(t, translate.Safe, res.Verdict, res.Reason)
			require.Equal(t, tc.want, countsOf(res))
		})
	}
}

// incSrc: each process atomically increments X once (a locked
// read-modify-write). splitSrc reads X in one transition and writes the
// incremented register in another, so an update can be lost.
const incSrc = `
type loc = L1 | L2
array PC[proc] : loc
weak var X : int
init (p) { PC[p] = L1 && X = 0 }
unsafe (p q) { PC[p] = L2 && PC[q] = L2 && p @ X <> 2 }
transition inc ([p]) requires { PC[p] = L1 } { PC[p] := L2; X := X + 1 }
`

const splitSrc = `
type loc = L1 | L2 | L3
array PC[proc] : loc
array R[proc] : int
weak var X : int
init (p) { PC[p] = L1 && R[p] = 0 && X = 0 }
unsafe (p q) { PC[p] = L3 && PC[q] = L3 && p @ X <> 2 }
transition rd ([p]) requires { PC[p] = L1 } { PC[p] := L2; R[p] := X }
transition wr ([p]) requires { PC[p] = L2 } { PC[p] := L3; X := R[p] + 1 }
`

// finalX collects the memory value of X in every reachable state where all
// processes are at done and every buffer is empty.
func finalX(t *testing.T, src, done string, model memmodel.Model) map[string]bool {
	t.Helper()
	m := load(t, src, false)
	m.Unsafes = nil // explore everything
	out := map[string]bool{}
	_, err := explore(context.Background(), m, Options{N: 2, Model: model}, func(p *program, st *state) {
		for l, loc := range p.locs {
			if loc.sym.s.Name == "PC" && p.formatValue(st.vals[l]) != done {
				return
			}
		}
		for _, b := range st.bufs {
			if len(b) > 0 {
				return
			}
		}
		x := p.syms["X"].base
		out[p.formatValue(st.vals[x])] = true
	})
	require.NoError(t, err)
	return out
}

func TestLockedIncrement(t *testing.T) {
	for _, model := range []memmodel.Model{memmodel.SC, memmodel.TSO, memmodel.PSO} {
		t.Run(model.Name(), func(t *testing.T) {
			require.Equal(t, map[string]bool{"2": true}, finalX(t, incSrc, "L2", model))
			res := run(t, load(t, incSrc, false), Options{N: 2, Model: model})
			require.Equal(t, translate.Safe, res.Verdict, res.Reason)
			// Split into a read and a write, an increment can be lost.
			require.Equal(t, map[string]bool{"1": true, "2": true}, finalX(t, splitSrc, "L3", model))
			res = run(t, load(t, splitSrc, false), Options{N: 2, Model: model})
			require.Equal(t, translate.Unsafe, res.Verdict)
		})
	}
}

func TestLockedWaitsForBuffer(t *testing.T) {
	// #1 buffers X := 1, then its locked exchange on Y must wait for the
	// flush: when #2 sees Y = 1 it must also see X = 1 (TSO). Under PSO
	// the exchange drains only Y's FIFO, so X may still be pending.
	const src = `
number_procs 2
type loc = L1 | L2 | L3
array PC[proc] : loc
array RX[proc] : int
array RY[proc] : int
weak var X : int
weak var Y : int
init (p) { PC[p] = L1 && RX[p] = 9 && RY[p] = 9 && X = 0 && Y = 0 }
unsafe (q) { q = #2 && PC[q] = L3 && RY[q] = 1 && RX[q] = 0 }
transition a ([p]) requires { p = #1 && PC[p] = L1 } { PC[p] := L2; X := 1 }
transition b ([p]) requires { p = #1 && PC[p] = L2 && Y = 0 } { PC[p] := L3; Y := 1 }
transition c ([p]) requires { p = #2 && PC[p] = L1 } { PC[p] := L2; RY[p] := Y }
transition d ([p]) requires { p = #2 && PC[p] = L2 } { PC[p] := L3; RX[p] := X }
`
	m := load(t, src, false)
	require.Equal(t, translate.Safe, run(t, m, Options{N: 2, Model: memmodel.TSO}).Verdict)
	res := run(t, m, Options{N: 2, Model: memmodel.PSO})
	require.Equal(t, translate.Unsafe, res.Verdict)
	require.NoError(t, Replay(m, Options{N: 2, Model: memmodel.PSO}, res.Witness))
}

func TestPSOGroupsAtomic(t *testing.T) {
	// One transition writes X and Y: under PSO they stay one group and
	// become visible together, so no reader sees Y = 1 with X = 0.
	const src = `
number_procs 2
type loc = L1 | L2 | L3
array PC[proc] : loc
array RX[proc] : int
array RY[proc] : int
weak var X : int
weak var Y : int
init (p) { PC[p] = L1 && RX[p] = 9 && RY[p] = 9 && X = 0 && Y = 0 }
unsafe (q) { q = #2 && PC[q] = L3 && RY[q] = 1 && RX[q] = 0 }
transition a ([p]) requires { p = #1 && PC[p] = L1 } { PC[p] := L2; X := 1; Y := 1 }
transition c ([p]) requires { p = #2 && PC[p] = L1 } { PC[p] := L2; RY[p] := Y }
transition d ([p]) requires { p = #2 && PC[p] = L2 } { PC[p] := L3; RX[p] := X }
`
	res := run(t, load(t, src, false), Options{N: 2, Model: memmodel.PSO})
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
}

func TestUnsafeReadsOwnBuffer(t *testing.T) {
	// p @ X is p's view: its own pending write, while others see memory.
	const src = `
type loc = L1 | L2
array PC[proc] : loc
weak var X : int
init (p) { PC[p] = L1 && X = 0 }
unsafe (p q) { PC[p] = L2 && p @ X = 1 && q @ X = 0 }
transition w ([p]) requires { PC[p] = L1 } { PC[p] := L2; X := 1 }
`
	m := load(t, src, false)
	res := run(t, m, Options{N: 2, Model: memmodel.TSO})
	require.Equal(t, translate.Unsafe, res.Verdict)
	require.Len(t, res.Witness.Steps, 1)
	require.Equal(t, translate.Safe, run(t, m, Options{N: 2, Model: memmodel.SC}).Verdict)
}

func TestInitEnumeration(t *testing.T) {
	// Unconstrained finite values range over their domain; constants too;
	// init parameters are not necessarily distinct; assumed invariants
	// prune, checked ones are violated at an initial state.
	const src = `
type kind = Arb | Proc
type color = Red | Green | Blue
const Kind[proc] : kind
const C : color
var B : bool
array PC[proc] : color
invariant (p q) { Kind[p] = Arb && Kind[q] = Arb }
init (p q) { PC[p] = PC[q] && PC[p] <> Blue }
unsafe (p) { PC[p] = Blue }
`
	m := load(t, src, false)
	res := run(t, m, Options{N: 2, AssumeInvariants: true})
	// Kind: 4 combinations (the invariant reads it), 1 pruned (both Arb)
	// -> 3; C and B, which nothing reads, stay symbolic (lazy.go); PC:
	// both equal and not Blue -> 2. 3*2 = 6 states, 8 initial.
	require.Equal(t, counts{8, 6, 0, 0}, countsOf(res))
	require.Equal(t, 2, res.Pruned)
	require.Equal(t, translate.Safe, res.Verdict)
	require.Empty(t, res.Violated)

	// Checked, the invariant holds at the initial states where both
	// processes are Arb: the first one enumerated ends the run.
	res = run(t, m, Options{N: 2})
	require.Equal(t, translate.Unsafe, res.Verdict)
	require.Equal(t, "invariant[1]", res.Violated)
	require.Equal(t, "invariant[1]", res.Witness.UnsafeName)
	require.Equal(t, 1, res.Witness.Unsafe, "the invariants come after the model's one unsafe item")
	require.Empty(t, res.Witness.Steps)
	require.Equal(t, []int{1, 2}, res.Witness.Procs)
	require.Zero(t, res.Pruned)
	require.NoError(t, Replay(m, Options{N: 2}, res.Witness))
}

func TestGuards(t *testing.T) {
	// forall_other, forall, ||, not, =>, <=>, if-then-else, whole-array
	// case updates and process order.
	const src = `
type loc = Idle | Want | Crit
array A[proc] : loc
var Turn : proc
init (p) { A[p] = Idle }
unsafe (p q) { A[p] = Crit && A[q] = Crit }
transition want (i) requires { A[i] = Idle && not (Turn = i => A[i] = Want) } { A[i] := Want }
transition want2 (i) requires { A[i] = Idle && (Turn <> i <=> false) } { A[i] := Want }
transition enter (i) requires { A[i] = Want && forall_other j. A[j] <> Crit && (if Turn = i then true else false) }
  { A[i] := Crit }
transition leave (i) requires { A[i] = Crit } { A[j] := case | j = i : Idle | i < j : A[j] | _ : A[j] ; Turn := . }
transition reset (i) requires { forall j. A[j] = Idle } { A[j] := case | _ : Idle }
`
	res := run(t, load(t, src, true), Options{N: 3})
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	// Turn is any of 3 processes initially; only the process holding the
	// turn can get in. States: per Turn t, A[t] in {Idle, Want, Crit},
	// others Idle: 3*3 = 9 states.
	require.Equal(t, 9, res.States)
	require.Equal(t, 3, res.Initial)
}

func TestNondet(t *testing.T) {
	const src = `
type color = Red | Green | Blue
var C : color
var D : color
init { C = Red && D = Red }
unsafe { C = Blue && D = Green }
transition paint () requires { C = Red } { C := .; D := ? }
`
	res := run(t, load(t, src, true), Options{N: 1})
	// From (Red, Red): 9 choices, 9 successor states (one is the start).
	require.Equal(t, translate.Unsafe, res.Verdict)
	require.Len(t, res.Witness.Steps, 1)
	require.Equal(t, []Binding{{"C", "Blue"}, {"D", "Green"}}, res.Witness.Steps[0].Choices)
	require.NoError(t, Replay(load(t, src, true), Options{N: 1}, res.Witness))
}

func TestUnconstrainedInt(t *testing.T) {
	// X is not constrained by init: its value is unknown, and a guard on it
	// makes the run an under-approximation: never Safe.
	const src = `
type loc = L1 | L2
array PC[proc] : loc
var X : int
init (p) { PC[p] = L1 }
unsafe (p q) { PC[p] = L2 && PC[q] = L2 }
transition t (p) requires { PC[p] = L1 && X = 0 } { PC[p] := L2 }
`
	res := run(t, load(t, src, true), Options{N: 2})
	require.Equal(t, translate.Unknown, res.Verdict)
	require.Contains(t, res.Reason, "under-approximation")
	// Pinned by init, the same model is exact.
	pinned := run(t, load(t, strings.Replace(src, "PC[p] = L1 }", "PC[p] = L1 && X = 0 }", 1), true), Options{N: 2})
	require.Equal(t, translate.Unsafe, pinned.Verdict)
	// Written before it is read, an unconstrained register is harmless.
	const reg = `
type loc = L1 | L2 | L3
array PC[proc] : loc
array R[proc] : int
init (p) { PC[p] = L1 }
unsafe (p) { PC[p] = L3 && R[p] <> 5 }
transition a (p) requires { PC[p] = L1 } { PC[p] := L2; R[p] := 5 }
transition b (p) requires { PC[p] = L2 && R[p] = 5 } { PC[p] := L3 }
`
	res = run(t, load(t, reg, true), Options{N: 2})
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	// kOther differs from every literal of init, so init and unsafe are
	// decided here: no state has X <> 3 and Y <> 0.
	const lit = `
var X : int
var Y : int
init { X = 3 || Y = 0 }
unsafe { X <> 3 && Y <> 0 }
`
	res = run(t, load(t, lit, true), Options{N: 1})
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	// X, Y in {0, 3, other}: X = 3 (3 states) or Y = 0 and X <> 3 (2).
	require.Equal(t, 5, res.States)
	// A comparison with a value outside the literals is undecided.
	res = run(t, load(t, lit+"transition t () requires { Y = 1 } { Y := 2 }\n", true), Options{N: 1})
	require.Equal(t, translate.Unknown, res.Verdict)
	require.Equal(t, "under-approximation: guard of t depends on an unconstrained value", res.Reason)
}

func TestBounds(t *testing.T) {
	// An unbounded counter: infinite state space.
	const src = `
type loc = L1 | L2
array PC[proc] : loc
var X : int
init (p) { PC[p] = L1 && X = 0 }
unsafe (p) { X < 0 }
transition inc (p) requires { PC[p] = L1 } { X := X + 1 }
`
	m := load(t, src, true)
	res := run(t, m, Options{N: 2, MaxSteps: 3})
	require.Equal(t, translate.Safe, res.Verdict)
	require.True(t, res.Bounded)
	require.Equal(t, "safe up to 3 steps per process", res.Reason)
	// Step vectors (a, b) with a, b <= 3 and X = a + b: 16 states.
	require.Equal(t, 16, res.States)

	res = run(t, m, Options{N: 2, MaxStates: 50})
	require.Equal(t, translate.Unknown, res.Verdict)
	require.Equal(t, "state limit 50 reached", res.Reason)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Explicit(ctx, m, Options{N: 2})
	require.NoError(t, err)
	require.Equal(t, translate.Unknown, res.Verdict)
	require.Contains(t, res.Reason, "cancelled")

	// A buffer bound: a process that keeps writing.
	const loop = `
type loc = L1
array PC[proc] : loc
weak var X : int
init (p) { PC[p] = L1 && X = 0 }
unsafe (p q) { p @ X = 2 && q @ X = 2 }
transition w ([p]) requires { PC[p] = L1 } { X := 1 }
`
	lm := load(t, loop, false)
	res = run(t, lm, Options{N: 1, Model: memmodel.TSO, MaxBuffer: 2})
	require.Equal(t, translate.Safe, res.Verdict)
	require.True(t, res.Bounded)
	// Buffer [], [1], [1 1] with memory 0, then memory 1 with the same three.
	require.Equal(t, 6, res.States)
}

func TestErrors(t *testing.T) {
	m := load(t, sb(false), false)
	_, err := Explicit(context.Background(), m, Options{N: 3, Model: memmodel.TSO})
	require.EqualError(t, err, "3 processes exceed number_procs 2")
	_, err = Explicit(context.Background(), m, Options{N: -1})
	require.Error(t, err)
	_, err = Explicit(context.Background(), nil, Options{N: 1})
	require.Error(t, err)
	// #2 does not exist in an instance with one process.
	_, err = Explicit(context.Background(), load(t, `
number_procs 2
type loc = A | B
array PC[proc] : loc
init (p) { PC[#2] = A }
unsafe (p) { PC[p] = B }
`, true), Options{N: 1})
	require.ErrorContains(t, err, "process #2 does not exist")
	// Integer overflow is an error, not a wrong answer.
	_, err = Explicit(context.Background(), load(t, `
var X : int
init { X = 9223372036854775807 }
unsafe { X < 0 }
transition t () requires { X > 0 } { X := X + 1 }
`, true), Options{N: 1})
	require.ErrorContains(t, err, "overflow")
}
