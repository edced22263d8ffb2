package certify_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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

// cvc5Args are cvc5's options: incremental (push/pop), and enumerative
// instantiation when E-matching saturates without an answer (the
// event-explicit obligations of weak models need it: without it cvc5
// answers unknown to some).
var cvc5Args = []string{"--incremental", "--lang=smt2", "--enum-inst", fmt.Sprintf("--rlimit-per=%d", cvc5Rlimit)}

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
		{"z3", func(_, script string) ([]certify.Outcome, error) { return certify.Z3(script, z3Rlimit) }},
		{"cvc5", func(dir, script string) ([]certify.Outcome, error) {
			file := filepath.Join(dir, "cert.smt2")
			if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
				return nil, err
			}
			out, err := exec.Command(bin, append(cvc5Args, file)...).CombinedOutput()
			if err != nil {
				return nil, fmt.Errorf("cvc5: %v: %s", err, out)
			}
			return certify.Outcomes(script, string(out)), nil
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
	requireInitialStates(t, script)
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

// requireInitialStates guards against a vacuous certificate: with the
// certificate's declarations and global assertions, some state is typed
// and initial (Z3 finds one), so the obligations do not hold merely
// because the assumptions contradict each other.
func requireInitialStates(t *testing.T, script string) {
	t.Helper()
	start := strings.Index(script, "\n; obligations init")
	require.GreaterOrEqual(t, start, 0)
	end := strings.Index(script[start:], "(push 1)\n(echo")
	require.Greater(t, end, 0)
	check := script[:start+end] + "(echo \"obligation initial states exist\")\n(check-sat)\n"
	out, err := certify.Z3(check, z3Rlimit)
	require.NoError(t, err)
	require.Equal(t, "sat", out[0].Answer, "some typed initial state exists")
}
