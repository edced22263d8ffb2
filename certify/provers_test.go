package certify_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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

// prover re-checks a certificate and returns its answers.
type prover struct {
	name string
	run  func(t testing.TB, script string) []certify.Outcome
}

var provers = []prover{
	{"z3", func(t testing.TB, script string) []certify.Outcome {
		out, err := certify.Z3(script, z3Rlimit)
		require.NoError(t, err)
		return out
	}},
	{"cvc5", func(t testing.TB, script string) []certify.Outcome {
		file := filepath.Join(t.TempDir(), "cert.smt2")
		require.NoError(t, os.WriteFile(file, []byte(script), 0o644))
		cmd := exec.Command(cvc5(t), "--incremental", "--lang=smt2", fmt.Sprintf("--rlimit-per=%d", cvc5Rlimit), file)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "cvc5: %s", out)
		return certify.Outcomes(script, string(out))
	}},
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
	for _, p := range provers {
		start := time.Now()
		outcomes := p.run(t, script)
		d := time.Since(start)
		require.Len(t, outcomes, n)
		require.Empty(t, failing(outcomes), "%s rejects the certificate", p.name)
		tallies[p.name].confirmed++
		tallies[p.name].time += d
		t.Logf("%s: %d obligations unsat in %s", p.name, n, d.Round(time.Millisecond))
	}
}

// report logs how many certificates each prover confirmed.
func report(t *testing.T, what string, tallies map[string]*tally) {
	var parts []string
	for _, p := range provers {
		parts = append(parts, fmt.Sprintf("%s confirmed %d in %s", p.name, tallies[p.name].confirmed, tallies[p.name].time.Round(time.Millisecond)))
	}
	t.Logf("%s certificates: %s", what, strings.Join(parts, "; "))
}

func newTallies() map[string]*tally {
	out := map[string]*tally{}
	for _, p := range provers {
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
