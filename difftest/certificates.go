package difftest

// The certificates of reach's SAFE answers, re-checked as a second
// oracle: the differential comparison catches a wrong SAFE only when the
// explicit oracle reaches the unsafe state within its instances and
// budget, while a SAFE answer's certificate (package certify) fails
// whenever the visited cubes are not an inductive invariant, for any
// number of processes. A rejected certificate is a disagreement of its
// own (CertRejected), whatever the oracle says.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/cubew/cubew/certify"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/translate"
)

// CertClass is what re-checking the certificate of a SAFE answer found
// (package certify: the negation of the visited cubes as an inductive
// invariant, each obligation re-checked by the Z3 linked into cubew).
type CertClass int

// The classes of certificate re-checks. CertRejected is a disagreement of
// its own: reach answered SAFE with a proof that does not hold. CertBudget
// is never a pass: some obligation was neither proved nor refuted within
// Z3's resource limit.
const (
	CertConfirmed   CertClass = iota // every obligation answered unsat
	CertBudget                       // some obligation answered unknown within the rlimit, none sat
	CertUnsupported                  // no certificate is written for this system under this memory model (certify.ErrNotEncoded)
	CertRejected                     // disagreement: some obligation answered sat, the SAFE answer is not proved
	CertError                        // the certificate could not be written, or Z3 refused it (a bug in certify)
	numCertClasses
)

var certClassNames = [...]string{
	CertConfirmed: "confirmed", CertBudget: "rlimit", CertUnsupported: "unsupported",
	CertRejected: "CERTIFICATE-REJECTED", CertError: "certificate-error",
}

// String is the class's name in tallies and reports.
func (c CertClass) String() string { return certClassNames[c] }

// Disagreement reports whether the class is a bug in cubew.
func (c CertClass) Disagreement() bool { return c == CertRejected }

// CertRlimit is Z3's resource limit per obligation (its rlimit counter,
// deterministic, unlike a time limit) in the re-checks of generated
// models' certificates: the generated models are small, and their
// obligations need far less.
const CertRlimit = 1_000_000

// certMaxInstances bounds the quantifier instances of each obligation
// (Z3's smt.qi.max_instances, deterministic too): E-matching can spend
// half a minute of wall time in instantiation rounds before the rlimit
// counter reaches a million (gen-tso-66), while this bound stops it in a
// second; the obligation then answers unknown, a budget.
const certMaxInstances = 20_000

// CertOutcome is the result of re-checking one SAFE answer's certificate.
type CertOutcome struct {
	Class       CertClass
	Obligations int               // obligations in the certificate
	Failed      []certify.Outcome // the obligations not proved
	Note        string            // why the certificate is unsupported or could not be checked
}

// String renders the re-check on one line: the class, the obligations
// and those not proved.
func (c *CertOutcome) String() string {
	s := fmt.Sprintf("certificate %s (%d obligations", c.Class, c.Obligations)
	if len(c.Failed) > 0 {
		names := make([]string, len(c.Failed))
		for i, f := range c.Failed {
			names[i] = f.Obligation + ": " + f.Answer
		}
		s += "; not proved: " + strings.Join(names, ", ")
	}
	s += ")"
	if c.Note != "" {
		s += ": " + c.Note
	}
	return s
}

// CheckCertificate re-checks, within rlimit Z3 resource units per
// obligation, the certificate of the SAFE answer of outcome o; nil when
// reach did not answer SAFE.
func CheckCertificate(ctx context.Context, o *Outcome, rlimit int) *CertOutcome {
	if o.Reach == nil || o.Reach.Verdict != translate.Safe {
		return nil
	}
	return CheckCubes(ctx, o, o.Reach.Invariant, rlimit)
}

// CheckCubes writes the certificate stating that cubes (reach's
// Result.Invariant, or a part of it) prove outcome o's model safe, and
// re-checks it within rlimit Z3 resource units per obligation. The
// certificate is written for the system reach searched (Run keeps it):
// its pre-images must be stated over the cubes' own terms.
func CheckCubes(ctx context.Context, o *Outcome, cubes []reach.InvariantCube, rlimit int) *CertOutcome {
	script, fail := Certificate(o, cubes)
	if fail != nil {
		return fail
	}
	return CheckScript(ctx, script, rlimit)
}

// Certificate writes the certificate stating that cubes prove outcome
// o's model safe (see CheckCubes); when none is written, the outcome of
// the re-check says why (CertUnsupported, CertError).
func Certificate(o *Outcome, cubes []reach.InvariantCube) (string, *CertOutcome) {
	if o.sys == nil {
		return "", &CertOutcome{Class: CertError, Note: "no system: the outcome does not come from Run"}
	}
	var b bytes.Buffer
	err := certify.Write(&b, &certify.Certificate{Sys: o.sys, Cubes: cubes, Source: o.Case.Name, Model: o.Case.Model})
	switch {
	case errors.Is(err, certify.ErrNotEncoded):
		return "", &CertOutcome{Class: CertUnsupported, Note: err.Error()}
	case err != nil:
		return "", &CertOutcome{Class: CertError, Note: err.Error()}
	}
	return b.String(), nil
}

// CheckScript re-checks a certificate script with the Z3 linked into
// cubew (certify.Z3: a second attempt without E-matching for what the
// first leaves open), within rlimit resource units per obligation, and
// classifies the answers: a sat answer rejects it, an unknown one leaves
// it unconfirmed.
func CheckScript(ctx context.Context, script string, rlimit int) *CertOutcome {
	outcomes, err := certify.Z3(ctx, fmt.Sprintf("(set-option :smt.qi.max_instances %d)\n", certMaxInstances)+script, rlimit)
	if err != nil {
		return &CertOutcome{Class: CertError, Note: err.Error()}
	}
	c := &CertOutcome{Class: CertConfirmed, Obligations: len(outcomes)}
	for _, o := range outcomes {
		switch {
		case o.Holds():
		case o.Answer == "sat":
			c.Class = CertRejected
			c.Failed = append(c.Failed, o)
		default:
			if c.Class == CertConfirmed {
				c.Class = CertBudget
			}
			c.Failed = append(c.Failed, o)
		}
	}
	return c
}

// CertTally counts certificate re-checks by class.
type CertTally [numCertClasses]int

// Add counts one re-check.
func (t *CertTally) Add(c CertClass) { t[c]++ }

// Checked is the number of certificates written and run through Z3.
func (t *CertTally) Checked() int { return t[CertConfirmed] + t[CertBudget] + t[CertRejected] }

// String renders the tally on one line.
func (t *CertTally) String() string {
	parts := []string{fmt.Sprintf("certificates checked %d", t.Checked())}
	for c, k := range t {
		if k > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", CertClass(c), k))
		}
	}
	return strings.Join(parts, ", ")
}
