package difftest

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cubew/cubew/certify"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

var (
	certCount = flag.Uint64("cert-models", 0, "TestLongCertificates: generated models per memory model (0 skips it)")
	certFrom  = flag.Uint64("cert-from", 1_000_000, "TestLongCertificates: first seed")
)

// certSeeds is how many generated models TestCertificates runs per
// memory model (seeds 1..count), and the floors of what it must find.
var certSeeds = []struct {
	model memmodel.Model
	count uint64
	// minConfirmed is the floor of certificates Z3 confirms; maxBudget
	// the ceiling of those it leaves unconfirmed within its limits.
	minConfirmed, maxBudget int
}{
	{memmodel.SC, 200, 160, 0},
	{memmodel.TSO, 100, 79, 0},
	{memmodel.PSO, 60, 49, 0},
}

// TestCertificates re-checks with Z3 the certificate of every SAFE answer
// of reach on the generated models of certSeeds: a rejected certificate
// is a disagreement (reach's proof does not hold), and so is one certify
// cannot write or Z3 cannot read. The certificates Z3 leaves unconfirmed
// within its limits are counted apart, never as confirmed.
func TestCertificates(t *testing.T) {
	for _, sc := range certSeeds {
		t.Run(sc.model.Name(), func(t *testing.T) {
			certs, safe := runCertificates(t, sc.model, 1, sc.count, nil)
			t.Logf("%s: %d SAFE answers; %s", sc.model.Name(), safe, &certs)
			require.Equal(t, safe, certs.Checked()+certs[CertUnsupported], "every SAFE answer's certificate is written or refused")
			require.Zero(t, certs[CertRejected], "rejected certificates")
			require.Zero(t, certs[CertError], "certificates not written or not read")
			require.GreaterOrEqual(t, certs[CertConfirmed], sc.minConfirmed, "certificates confirmed")
			require.LessOrEqual(t, certs[CertBudget], sc.maxBudget, "certificates unconfirmed within Z3's limits")
		})
	}
}

// TestLongCertificates is the long run of TestCertificates, off unless
// -cert-models is given: go test ./difftest -run TestLongCertificates
// -args -cert-models=2000 (models: -models, and -refined for the
// refined search, as TestLong).
func TestLongCertificates(t *testing.T) {
	if *certCount == 0 {
		t.Skip("TestLongCertificates runs only with -cert-models=N")
	}
	for _, name := range strings.Split(*longModels, ",") {
		mm, err := memmodel.ByName(name)
		require.NoError(t, err)
		if *longRefined {
			mm = reach.KeepingObligations(mm)
		}
		t.Run(name, func(t *testing.T) {
			certs, safe := runCertificates(t, mm, *certFrom, *certCount, nil)
			fmt.Fprintf(os.Stderr, "CERTIFICATES %s seeds %d..%d: %d SAFE answers; %s\n", name, *certFrom, *certFrom+*certCount-1, safe, &certs)
		})
	}
}

// TestRefinedCertificates re-checks the certificates of the refined pso
// search's SAFE answers (reach.KeepingObligations from the start, as
// TestLong -refined runs it) on the generated models of seeds 1..60:
// every one is written and confirmed by Z3, and those whose proof marks
// satisfied reads (the certificate then states which write each reads)
// by cvc5 too; without the steps' reads-from facts such a certificate is
// rejected.
func TestRefinedCertificates(t *testing.T) {
	bin, err := exec.LookPath("cvc5")
	require.NoError(t, err, "cvc5 not found: run make deps")
	marked := 0
	stepRF := regexp.MustCompile(` \(= \(rf\.\w+ f[^()]*\) new\.[xw]\)`)
	certs, safe := runCertificates(t, reach.KeepingObligations(memmodel.PSO), 1, 60, func(o *Outcome, c *CertOutcome) {
		if !slices.ContainsFunc(o.Reach.Invariant, func(v reach.InvariantCube) bool {
			return slices.ContainsFunc(v.Cube.Events, func(e translate.Event) bool { return e.Sourced })
		}) {
			return
		}
		marked++
		script, _ := Certificate(o, o.Reach.Invariant)
		outs, err := certify.CVC5(context.Background(), bin, t.TempDir(), script, 50_000_000)
		require.NoError(t, err)
		require.Len(t, outs, c.Obligations)
		for _, out := range outs {
			require.True(t, out.Holds(), "%s: cvc5: %s: %s", o.Case.Name, out.Obligation, out.Answer)
		}
		mutant := CheckScript(context.Background(), stepRF.ReplaceAllString(script, ""), CertRlimit)
		require.Equal(t, CertRejected, mutant.Class, "%s without the steps' reads-from facts: %s", o.Case.Name, mutant)
	})
	t.Logf("pso, refined search: %d SAFE answers, %d with marked reads; %s", safe, marked, &certs)
	require.Equal(t, 49, safe, "SAFE answers")
	require.Equal(t, safe, certs[CertConfirmed], "every certificate confirmed, none unsupported")
	require.Equal(t, 1, marked, "proofs with marked reads (gen-pso-48)")
}

// runCertificates compares the engines on the generated models of seeds
// from..from+count-1 under mm and re-checks the certificate of every SAFE
// answer of reach (and passes it to each, when not nil); it fails the
// test on each disagreement of either kind and returns the tally of the
// certificates and the number of SAFE answers.
func runCertificates(t *testing.T, mm memmodel.Model, from, count uint64, each func(*Outcome, *CertOutcome)) (CertTally, int) {
	t.Helper()
	var certs CertTally
	safe := 0
	RunSeeds(context.Background(), mm, from, count, DefaultBudget, func(o *Outcome) {
		if o.Class.Disagreement() || o.Class == ClassError {
			t.Errorf("%s", o.Report())
		}
		c := CheckCertificate(context.Background(), o, CertRlimit)
		if c == nil {
			return
		}
		safe++
		certs.Add(c.Class)
		if c.Class.Disagreement() || c.Class == CertError {
			t.Errorf("%s\n%s", c, o.Report())
		}
		if each != nil {
			each(o, c)
		}
	})
	return certs, safe
}

// TestOldEngineCertificateIsRejected: the certificate that cubew wrote
// before commit 2b570a8 for its wrong SAFE answer on
// regress/sc_orphan_visited.cub (stored in testdata) is rejected, at the
// transition into the node it never expanded; today reach answers
// UNSAFE there, with no certificate.
func TestOldEngineCertificateIsRejected(t *testing.T) {
	script, err := os.ReadFile("testdata/certificates/sc_orphan_visited_before_2b570a8.smt2")
	require.NoError(t, err)
	c := CheckScript(context.Background(), string(script), CertRlimit)
	require.Equal(t, CertRejected, c.Class, c.String())
	require.True(t, c.Class.Disagreement())
	require.Equal(t, 31, c.Obligations)
	require.Equal(t, []certify.Outcome{{Obligation: "transition t1: node_11", Answer: "sat"}}, c.Failed)

	src, err := os.ReadFile("testdata/regress/sc_orphan_visited.cub")
	require.NoError(t, err)
	o := Run(context.Background(), Case{Name: "sc_orphan_visited", Src: string(src), Model: memmodel.SC}, DefaultBudget)
	require.Equal(t, translate.Unsafe, o.Reach.Verdict, o.Report())
	require.Nil(t, CheckCertificate(context.Background(), o, CertRlimit))
}

// TestDroppedCubeIsRejected: the certificate of a SAFE answer without
// its first visited cube (an unsafe cube) is rejected, on every generated
// model of a few seeds whose certificate Z3 confirms whole, under sc,
// tso and pso (writes out of program order too): the check can fail on
// the certificates it passes. The one exception is a first cube that
// another visited cube includes (reach.Includes): the rest is then a
// proof of its own (gen-tso-25, gen-pso-25: the pre-image PC[#1] = L2 &&
// PC[#2] = L2 includes the unsafe cube), and it must be confirmed.
func TestDroppedCubeIsRejected(t *testing.T) {
	for _, tc := range []struct {
		mm                   memmodel.Model
		minMutants, included int // 14 and 0 under sc, 10 and 1 under tso, 9 and 1 under pso today
	}{{memmodel.SC, 12, 0}, {memmodel.TSO, 8, 1}, {memmodel.PSO, 8, 1}} {
		mm := tc.mm
		t.Run(mm.Name(), func(t *testing.T) {
			mutants, included := 0, 0
			RunSeeds(context.Background(), mm, 1, 30, DefaultBudget, func(o *Outcome) {
				whole := CheckCertificate(context.Background(), o, CertRlimit)
				if whole == nil || whole.Class != CertConfirmed || len(o.Reach.Invariant) == 0 {
					return
				}
				inv := o.Reach.Invariant
				c := CheckCubes(context.Background(), o, inv[1:], CertRlimit)
				if slices.ContainsFunc(inv[1:], func(v reach.InvariantCube) bool { return reach.Includes(v.Cube, inv[0].Cube) }) {
					included++
					require.Equal(t, CertConfirmed, c.Class, "%s without its first cube, which another includes: %s", o.Case.Name, c)
					return
				}
				mutants++
				require.Equal(t, CertRejected, c.Class, "%s without its first cube: %s", o.Case.Name, c)
				require.Contains(t, c.Failed, certify.Outcome{Obligation: "unsafe: unsafe_1", Answer: "sat"}, o.Case.Name)
			})
			t.Logf("%s: %d mutants rejected, %d first cubes included in another", mm.Name(), mutants, included)
			require.GreaterOrEqual(t, mutants, tc.minMutants, "mutants checked")
			require.Equal(t, tc.included, included, "first cubes included in another")
		})
	}
}
