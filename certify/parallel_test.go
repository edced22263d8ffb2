package certify

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestInParallel runs every part, at most jobs at once, and gathers the
// answers in the order of the parts whatever order they finish in; the
// first failing part's error (in that order) is returned.
func TestInParallel(t *testing.T) {
	names := Obligations(script)
	var running, most atomic.Int32
	started, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	run := func(s string) ([]Outcome, error) {
		n := running.Add(1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		if Obligations(s)[0] == names[0] {
			close(started)
			<-release // until another part runs
		} else {
			<-started // the first part runs at the same time
			once.Do(func() { close(release) })
		}
		running.Add(-1)
		return []Outcome{{Obligations(s)[0], "unsat"}}, nil
	}
	part := func(i int) string { return Only(script, func(o string) bool { return o == names[i] }) }
	out, err := inParallel(len(names), part, 2, run)
	require.NoError(t, err)
	require.Equal(t, []Outcome{{"init: dom", "unsat"}, {"init: node_1", "unsat"}, {"unsafe: unsafe_1", "unsat"}}, out)
	require.Equal(t, int32(2), most.Load(), "two at once, never three")

	fail := func(s string) ([]Outcome, error) {
		if n := Obligations(s)[0]; n != names[0] {
			return nil, errors.New(n)
		}
		return []Outcome{{names[0], "unsat"}}, nil
	}
	_, err = inParallel(len(names), part, 3, fail)
	require.EqualError(t, err, "init: node_1")
}

// TestChunks splits a certificate into scripts of whole groups, in
// order, with about as many obligations each, and keeps a script whose
// obligations are not in blocks of their own whole.
func TestChunks(t *testing.T) {
	var b strings.Builder
	for g, n := range []int{3, 1, 2, 2} {
		for k := range n {
			fmt.Fprintf(&b, "(push 1)\n(echo \"obligation g%d: o%d\")\n(check-sat)\n(pop 1)\n", g, k)
		}
	}
	s := "(declare-const x Int)\n" + b.String()
	var got [][]string
	for _, c := range chunks(s, 2) {
		require.True(t, strings.HasPrefix(c, "(declare-const x Int)\n"))
		got = append(got, Obligations(c))
	}
	require.Equal(t, [][]string{{"g0: o0", "g0: o1", "g0: o2", "g1: o0"}, {"g2: o0", "g2: o1", "g3: o0", "g3: o1"}}, got)
	require.Len(t, chunks(s, 10), 4, "a chunk holds whole groups")
	require.Equal(t, []string{s}, chunks(s, 1))
	loose := "(push 1)\n(assert true)\n(echo \"obligation a: x\")\n(check-sat)\n(pop 1)\n(push 1)\n(assert true)\n(echo \"obligation b: y\")\n(check-sat)\n(pop 1)\n"
	require.Equal(t, []string{loose}, chunks(loose, 2))
}

// jobsScript is a certificate-like script with obligations of each
// answer in two groups: Z3 and cvc5 must give the same answers with
// several contexts or processes as with one.
const jobsScript = "(declare-const x Int)\n" +
	"(push 1)\n(echo \"obligation a: one\")\n(assert (> x x))\n(check-sat)\n(pop 1)\n" +
	"(push 1)\n(echo \"obligation a: two\")\n(assert (and (> x 2) (< x 1)))\n(check-sat)\n(pop 1)\n" +
	"(push 1)\n(echo \"obligation b: three\")\n(assert (= x 3))\n(check-sat)\n(pop 1)\n" +
	"(push 1)\n(echo \"obligation b: four\")\n(assert (and (= (* x x) 2) (> x 0)))\n(check-sat)\n(pop 1)\n"

// TestZ3Jobs: Z3With with two contexts at once answers as with one, and
// reports every answer once.
func TestZ3Jobs(t *testing.T) {
	want := []Outcome{{"a: one", "unsat"}, {"a: two", "unsat"}, {"b: three", "sat"}, {"b: four", "unsat"}}
	for _, jobs := range []int{1, 2} {
		steps := 0
		out, err := Z3With(context.Background(), jobsScript, Z3Options{Rlimit: 1_000_000, Jobs: jobs, Progress: func(Step) { steps++ }})
		require.NoError(t, err)
		require.Equal(t, want, out, "jobs %d", jobs)
		require.Equal(t, 4, steps, "jobs %d", jobs)
	}
}

// TestCVC5Jobs: CVC5With with two processes at once answers as with one.
func TestCVC5Jobs(t *testing.T) {
	bin, err := exec.LookPath("cvc5")
	require.NoError(t, err, "run `make deps`, which installs Debian's cvc5")
	want := []Outcome{{"a: one", "unsat"}, {"a: two", "unsat"}, {"b: three", "sat"}, {"b: four", "unsat"}}
	for _, jobs := range []int{1, 2} {
		out, err := CVC5With(context.Background(), bin, t.TempDir(), jobsScript, CVC5Options{Rlimit: 1_000_000, Jobs: jobs})
		require.NoError(t, err)
		require.Equal(t, want, out, "jobs %d", jobs)
	}
}

// TestContinuing: when a context answers unknown to every obligation
// after some point (its resource limit spent), the obligations after the
// first one left open get a new context; the one left open keeps its
// answer, and so does a last obligation left open alone.
func TestContinuing(t *testing.T) {
	var b strings.Builder
	for k := range 7 {
		fmt.Fprintf(&b, "(push 1)\n(echo \"obligation g: o%d\")\n(check-sat)\n(pop 1)\n", k)
	}
	var contexts [][]string
	spent := func(s string) ([]Outcome, error) { // a context answers two, then runs out
		names := Obligations(s)
		contexts = append(contexts, names)
		out := make([]Outcome, len(names))
		for i, n := range names {
			out[i] = Outcome{n, "unknown"}
			if i < 2 {
				out[i].Answer = "unsat"
			}
		}
		return out, nil
	}
	out, err := continuing(b.String(), spent)
	require.NoError(t, err)
	require.Equal(t, [][]string{
		{"g: o0", "g: o1", "g: o2", "g: o3", "g: o4", "g: o5", "g: o6"},
		{"g: o3", "g: o4", "g: o5", "g: o6"},
		{"g: o6"},
	}, contexts)
	var answers []string
	for _, o := range out {
		answers = append(answers, o.Obligation+" "+o.Answer)
	}
	require.Equal(t, []string{"g: o0 unsat", "g: o1 unsat", "g: o2 unknown", "g: o3 unsat", "g: o4 unsat", "g: o5 unknown", "g: o6 unsat"}, answers)

	// 20 obligations: a new context takes twice as many as the spent one
	// answered (3), not the whole rest: 51 obligations read in all, not 77.
	b.Reset()
	for k := range 20 {
		fmt.Fprintf(&b, "(push 1)\n(echo \"obligation g: o%d\")\n(check-sat)\n(pop 1)\n", k)
	}
	contexts = nil
	out, err = continuing(b.String(), spent)
	require.NoError(t, err)
	var sizes []int
	for _, c := range contexts {
		sizes = append(sizes, len(c))
	}
	require.Equal(t, []int{20, 6, 6, 6, 6, 5, 2}, sizes)
	require.Equal(t, []string{"g: o15", "g: o16", "g: o17", "g: o18", "g: o19"}, contexts[5])
	require.Len(t, out, 20)
	for i, o := range out {
		require.Equal(t, fmt.Sprintf("g: o%d", i), o.Obligation)
		require.Equal(t, i%3 == 2 && i < 18, o.Answer == "unknown", o.Obligation)
	}

	// A context that answers all it takes: the next takes twice as many.
	once := 0
	spentOnce := func(s string) ([]Outcome, error) {
		names := Obligations(s)
		contexts = append(contexts, names)
		out := make([]Outcome, len(names))
		for i, n := range names {
			out[i] = Outcome{n, "unsat"}
			if once == 0 && i >= 1 {
				out[i].Answer = "unknown"
			}
		}
		once++
		return out, nil
	}
	contexts = nil
	out, err = continuing(b.String(), spentOnce)
	require.NoError(t, err)
	sizes = nil
	for _, c := range contexts {
		sizes = append(sizes, len(c))
	}
	require.Equal(t, []int{20, 4, 8, 6}, sizes)
	require.Len(t, out, 20)
	require.Equal(t, "unknown", out[1].Answer)
	require.Equal(t, "unsat", out[2].Answer)
}

// TestCVC5Parts gives cvc5 a process per cvc5Chunk obligations or so, of
// whole groups, and one for a small certificate: a large certificate's
// groups each in a process of their own.
func TestCVC5Parts(t *testing.T) {
	var b strings.Builder
	for g, n := range []int{cvc5Chunk, cvc5Chunk / 2, cvc5Chunk / 2, 3} {
		for k := range n {
			fmt.Fprintf(&b, "(push 1)\n(echo \"obligation g%d: o%d\")\n(check-sat)\n(pop 1)\n", g, k)
		}
	}
	s := "(declare-const x Int)\n" + b.String()
	var sizes []int
	for _, p := range cvc5Parts(s, 1) {
		sizes = append(sizes, len(Obligations(p)))
	}
	require.Equal(t, []int{cvc5Chunk, cvc5Chunk / 2, cvc5Chunk/2 + 3}, sizes)
	small := strings.Join(strings.SplitAfter(s, "(pop 1)\n")[:5], "")
	require.Equal(t, []string{small}, cvc5Parts(small, 1))
	require.Len(t, cvc5Parts(small, 2), 1, "one group: one process")
}
