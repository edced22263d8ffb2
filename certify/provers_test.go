package certify_test

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cubew/cubew/certify"
	"github.com/stretchr/testify/require"
)

// Per-obligation resource limits: the provers' own deterministic
// counters, so that a loaded machine cannot flip a verdict. The largest
// obligation of the tests needs a small fraction of each.
const (
	z3Rlimit   = 20_000_000
	cvc5Rlimit = 50_000_000
)

// cvc5 returns the path of the cvc5 binary; the test fails without it.
func cvc5(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("cvc5")
	if err != nil {
		t.Fatalf("cvc5 not found (%v): run `make deps`, which installs Debian's cvc5", err)
	}
	return p
}

// prover re-checks a certificate and returns its answers. run may be
// called from any goroutine.
type prover struct {
	name string
	run  func(dir, script string) ([]certify.Outcome, error)
}

func provers(t testing.TB) []prover {
	bin := cvc5(t)
	return []prover{
		{"z3", func(_, script string) ([]certify.Outcome, error) {
			return certify.Z3(context.Background(), script, z3Rlimit)
		}},
		{"cvc5", func(dir, script string) ([]certify.Outcome, error) {
			return certify.CVC5(context.Background(), bin, dir, script, cvc5Rlimit)
		}},
	}
}

// runAll runs every prover on a script at once (one goroutine each) and
// returns their answers and times, in the order of provers.
func runAll(t *testing.T, ps []prover, script string) ([][]certify.Outcome, []time.Duration) {
	t.Helper()
	outs := make([][]certify.Outcome, len(ps))
	errs := make([]error, len(ps))
	times := make([]time.Duration, len(ps))
	var wg sync.WaitGroup
	for i, p := range ps {
		dir := t.TempDir()
		wg.Add(1)
		go func() {
			defer wg.Done()
			start := time.Now()
			outs[i], errs[i] = p.run(dir, script)
			times[i] = time.Since(start)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		require.NoError(t, err, ps[i].name)
	}
	return outs, times
}

// failing lists the obligations not answered unsat.
func failing(outcomes []certify.Outcome) []string {
	var out []string
	for _, o := range outcomes {
		if !o.Holds() {
			out = append(out, o.Obligation+": "+o.Answer)
		}
	}
	return out
}

// tally counts the certificates a prover confirmed and its time.
type tally struct {
	confirmed int
	time      time.Duration
}

// confirm runs every prover on a certificate and requires every
// obligation to answer unsat.
func confirm(t *testing.T, script string, tallies map[string]*tally) {
	t.Helper()
	n := len(certify.Obligations(script))
	require.Greater(t, n, 2, "init, transitions and unsafe obligations")
	requireFeasible(t, script)
	ps := provers(t)
	outs, times := runAll(t, ps, script)
	for i, p := range ps {
		require.Len(t, outs[i], n)
		require.Empty(t, failing(outs[i]), "%s rejects the certificate", p.name)
		tallies[p.name].confirmed++
		tallies[p.name].time += times[i]
		t.Logf("%s: %d obligations unsat in %s", p.name, n, times[i].Round(time.Millisecond))
	}
}

// report logs how many certificates each prover confirmed.
func report(t *testing.T, what string, tallies map[string]*tally) {
	var parts []string
	for _, p := range provers(t) {
		parts = append(parts, fmt.Sprintf("%s confirmed %d in %s", p.name, tallies[p.name].confirmed, tallies[p.name].time.Round(time.Millisecond)))
	}
	t.Logf("%s certificates: %s", what, strings.Join(parts, "; "))
}

func newTallies(t testing.TB) map[string]*tally {
	out := map[string]*tally{}
	for _, p := range provers(t) {
		out[p.name] = &tally{}
	}
	return out
}

// requireFeasible guards against a vacuous certificate: the facts of
// each group of obligations but inv (the typed initial states; a step of
// each transition) are not contradictory, so its obligations do not hold
// merely because the assumptions contradict each other. Z3 must find
// initial states, and no group's facts may be unsat.
func requireFeasible(t *testing.T, script string) {
	t.Helper()
	parts := strings.Split(script, "\n; obligations ")
	require.Greater(t, len(parts), 2)
	check := parts[0] + "\n"
	for _, g := range parts[1:] {
		name, _, _ := strings.Cut(g, ":")
		start := strings.Index(g, "(push 1)\n")
		end := strings.Index(g, "(push 1)\n(echo")
		if end < 0 { // a group without obligations (no unsafe cube survives dom)
			end = strings.LastIndex(g, "(pop 1)")
		}
		require.True(t, start >= 0 && end > start, "group %s", name)
		var facts []string
		for _, line := range strings.Split(g[start:end], "\n") {
			if !strings.HasPrefix(line, "(assert (inv ") {
				facts = append(facts, line)
			}
		}
		// Under a weak model, a model without later events is enough (and
		// spares Z3 quantified facts it may answer unknown to).
		switch {
		case strings.Contains(g, "(declare-const post.fut "):
			facts = append(facts, "(assert (= post.fut ((as const (Array Ev Bool)) false)))")
		case strings.Contains(parts[0], "(declare-const pre.fut "):
			facts = append(facts, "(assert (= pre.fut ((as const (Array Ev Bool)) false)))")
		}
		check += strings.Join(facts, "\n") + "\n(echo \"obligation " + name + " is feasible\")\n(check-sat)\n(pop 1)\n"
	}
	out, err := certify.Z3(context.Background(), check, z3Rlimit)
	require.NoError(t, err)
	require.Equal(t, "init is feasible", out[0].Obligation)
	require.Equal(t, "sat", out[0].Answer, "some typed initial state exists")
	for _, o := range out[1:] {
		require.NotEqual(t, "unsat", o.Answer, "the facts of %s contradict each other", strings.TrimSuffix(o.Obligation, " is feasible"))
	}
}
