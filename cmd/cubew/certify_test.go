package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCertificateRoundTrip writes the certificate of a SAFE answer and
// re-checks it with cubew certify: every obligation holds (exit 0); the
// same certificate with a cube dropped from the invariant is rejected
// (exit 1); with too small a --rlimit it is not confirmed (exit 3), even
// when the limit runs out before the first obligation.
func TestCertificateRoundTrip(t *testing.T) {
	dir := t.TempDir()
	cert := filepath.Join(dir, "token.smt2")
	code, _, errs := cubew(t, "check", "--certificate", cert, "testdata/token_mutex.cub")
	require.Equal(t, exitSafe, code, errs)
	code, out, errs := cubew(t, "certify", cert)
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, out, "certificate holds")
	require.NotContains(t, out, "(fails)")

	// A budget too small for some obligations leaves them unknown: not a
	// counterexample, so the certificate is not confirmed (exit 3), not
	// rejected. Z3's rlimit is deterministic.
	code, out, errs = cubew(t, "certify", "--rlimit", "1000", cert)
	require.Equal(t, exitUnknown, code, out+errs)
	require.Contains(t, out, "unknown (fails)")
	require.Contains(t, out, "certificate NOT CONFIRMED: 4 of 21 obligations unknown or unanswered, none sat")
	require.NotContains(t, out, "REJECTED")

	// A budget too small for the script's own declarations: Z3 stops
	// before the first obligation of some groups (its resource limit
	// error, then the later commands canceled). Each obligation it did
	// not answer is named unknown, and the certificate not confirmed.
	code, out, errs = cubew(t, "certify", "--rlimit", "300", cert)
	require.Equal(t, exitUnknown, code, out+errs)
	require.Empty(t, errs, "no raw Z3 output")
	require.Contains(t, out, "token.smt2: obligation transition leave: node_1: unknown (fails)")
	require.Contains(t, out, "token.smt2: obligation init: dom: unsat (holds)")
	require.Contains(t, out, "certificate NOT CONFIRMED: 20 of 21 obligations unknown or unanswered, none sat")

	text, err := os.ReadFile(cert)
	require.NoError(t, err)
	// Drop the unsafe cube from inv: its conjunct becomes (not false).
	mutant := regexp.MustCompile(`\(not \(node_1 ([^()]*)\)\)`).ReplaceAllString(string(text), "(not (and false (node_1 $1)))")
	require.NotEqual(t, string(text), mutant, "the unsafe cube is a conjunct of inv")
	bad := filepath.Join(dir, "mutant.smt2")
	require.NoError(t, os.WriteFile(bad, []byte(mutant), 0o644))
	code, out, _ = cubew(t, "certify", bad)
	require.Equal(t, exitUnsafe, code, out)
	require.Contains(t, out, "unsafe: unsafe_1: sat (fails)")
	require.Contains(t, out, "certificate REJECTED: 1 of 21 obligations fail (1 sat)")
}

// TestCertifyJobsAndCVC5: certify -j 2 prints the answers of -j 1, in
// the same order; --cvc5 re-checks with that binary, in one process or
// in several, confirms the certificate and rejects the mutant without
// the unsafe cube, as Z3 does. With -v it reports each cvc5 process as it
// ends: with E-matching first on an SC certificate, without it on a weak
// model's (spin_lock under tso).
func TestCertifyJobsAndCVC5(t *testing.T) {
	dir := t.TempDir()
	cert := filepath.Join(dir, "token.smt2")
	code, _, errs := cubew(t, "check", "--certificate", cert, "testdata/token_mutex.cub")
	require.Equal(t, exitSafe, code, errs)
	code, one, errs := cubew(t, "certify", cert)
	require.Equal(t, exitSafe, code, errs)
	code, two, errs := cubew(t, "certify", "-j", "2", cert)
	require.Equal(t, exitSafe, code, errs)
	require.Equal(t, one, two)
	bin, err := exec.LookPath("cvc5")
	require.NoError(t, err, "run `make deps`, which installs Debian's cvc5")
	for _, jobs := range []string{"1", "2"} {
		code, out, errs := cubew(t, "certify", "--cvc5", bin, "--rlimit", "50000000", "-j", jobs, cert)
		require.Equal(t, exitSafe, code, errs)
		require.Contains(t, out, "certificate holds: 21 obligations unsat", "cvc5, %s jobs", jobs)
	}
	code, _, errs = cubew(t, "certify", "-v", "--cvc5", bin, "--rlimit", "50000000", "-j", "2", cert)
	require.Equal(t, exitSafe, code, errs)
	processes := regexp.MustCompile(`(?m)^.*token\.smt2: cvc5 attempt 1 \(with E-matching\): (.+): (\d+) unsat, 0 sat, 0 unknown, \d+\.\d CPU-s$`).FindAllStringSubmatch(errs, -1)
	require.Len(t, processes, 2, "-v: a line per cvc5 process as it ends, none retried: %s", errs)
	unsat := 0
	for _, p := range processes {
		n, err := strconv.Atoi(p[2])
		require.NoError(t, err)
		unsat += n
	}
	require.Equal(t, 21, unsat, "the two processes' counts add up to the certificate's obligations")
	weak := filepath.Join(dir, "spin_lock_tso.smt2")
	code, _, errs = cubew(t, "check", "--model", "tso", "--certificate", weak, "../../examples/spin_lock.cub")
	require.Equal(t, exitSafe, code, errs)
	code, _, errs = cubew(t, "certify", "-v", "--cvc5", bin, "--rlimit", "50000000", weak)
	require.Equal(t, exitSafe, code, errs)
	require.Regexp(t, `spin_lock_tso\.smt2: cvc5 attempt 1 \(without E-matching\): init, .*, unsafe: 10 unsat, 0 sat, 0 unknown, \d+\.\d CPU-s\n$`, errs,
		"an event-explicit certificate: the first attempt without E-matching")
	text, err := os.ReadFile(cert)
	require.NoError(t, err)
	mutant := regexp.MustCompile(`\(not \(node_1 ([^()]*)\)\)`).ReplaceAllString(string(text), "(not (and false (node_1 $1)))")
	bad := filepath.Join(dir, "mutant.smt2")
	require.NoError(t, os.WriteFile(bad, []byte(mutant), 0o644))
	code, out, _ := cubew(t, "certify", "--cvc5", bin, "-j", "2", bad)
	require.Equal(t, exitUnsafe, code, out)
	require.Contains(t, out, "unsafe: unsafe_1: sat (fails)")
	require.Contains(t, out, "certificate REJECTED: 1 of 21 obligations fail (1 sat)")
}

// TestCertificateUsage pins the usage errors of --certificate and certify.
func TestCertificateUsage(t *testing.T) {
	dir := t.TempDir()
	notCert := filepath.Join(dir, "x.smt2")
	require.NoError(t, os.WriteFile(notCert, []byte("(check-sat)\n"), 0o644))
	bad := filepath.Join(dir, "bad.smt2")
	require.NoError(t, os.WriteFile(bad, []byte("(push 1)\n(echo \"obligation x\")\n(assert (> y 1))\n(check-sat)\n(pop 1)\n"), 0o644))
	cases := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"one file for several models", []string{"check", "--certificate", filepath.Join(dir, "c.smt2"), "testdata/token_mutex.cub", "testdata/flag_mutex.cub"},
			exitBadInput, "several models need a folder"},
		{"not a certificate", []string{"certify", notCert}, exitBadInput, "not a cubew certificate"},
		{"smt-lib error", []string{"certify", bad}, exitBadInput, "unknown constant y"},
		{"missing", []string{"certify", filepath.Join(dir, "nope.smt2")}, exitBadInput, "no such file"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, errs := cubew(t, c.args...)
			require.Equal(t, c.code, code, "stderr: %s", errs)
			require.Contains(t, errs, c.stderr)
		})
	}
}

// TestWeakCertificateRoundTrip writes the event-explicit certificate of
// a SAFE answer under TSO, and under PSO (the spin lock has one weak
// location: its writes stay in program order), and re-checks each with
// cubew certify.
func TestWeakCertificateRoundTrip(t *testing.T) {
	for _, model := range []string{"tso", "pso"} {
		t.Run(model, func(t *testing.T) {
			cert := filepath.Join(t.TempDir(), "spin.smt2")
			code, _, errs := cubew(t, "check", "--model", model, "--certificate", cert, "../../examples/spin_lock.cub")
			require.Equal(t, exitSafe, code, errs)
			text, err := os.ReadFile(cert)
			require.NoError(t, err)
			require.Contains(t, string(text), "("+model+", event-explicit encoding)")
			code, out, errs := cubew(t, "certify", cert)
			require.Equal(t, exitSafe, code, errs)
			require.Contains(t, out, "certificate holds: 10 obligations unsat")
		})
	}
}

// TestFencedPSOCertificate: under pso flag_mutex_fenced's proof once
// included a pre-image only with a fence moved before its class
// (reach.ErrFenceMoved), and check --certificate fell back to the search
// with exact fences; since collection keeps ghb-equal classes whole the
// plain proof (14 nodes) needs no such move, and cubew certify confirms
// its certificate.
func TestFencedPSOCertificate(t *testing.T) {
	cert := filepath.Join(t.TempDir(), "fenced.smt2")
	code, out, errs := cubew(t, "check", "--model", "pso", "--certificate", cert, "testdata/flag_mutex_fenced.cub")
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, out, "SAFE  pso  14 nodes")
	code, out, errs = cubew(t, "certify", cert)
	require.Equal(t, exitSafe, code, errs)
	require.Contains(t, out, "certificate holds: 53 obligations unsat")
}

// TestCertificateFolder writes one certificate per SAFE model of a folder
// argument list, none for an UNSAFE one.
func TestCertificateFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "certs")
	code, _, errs := cubew(t, "check", "--model", "sc", "--certificate", dir, "testdata/token_mutex.cub", "testdata/check_then_set.cub")
	require.Equal(t, exitUnsafe, code, errs)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1)
	require.Equal(t, "token_mutex.smt2", entries[0].Name())
}

// TestCertifyVerbose: with -v, certify reports on stderr every answer of
// every attempt, with the resource units Z3 spent on it, while stdout
// keeps one line per obligation and the verdict.
func TestCertifyVerbose(t *testing.T) {
	cert := filepath.Join(t.TempDir(), "token.smt2")
	code, _, errs := cubew(t, "check", "--certificate", cert, "testdata/token_mutex.cub")
	require.Equal(t, exitSafe, code, errs)
	code, out, errs := cubew(t, "certify", "-v", cert)
	require.Equal(t, exitSafe, code, errs)
	progress := regexp.MustCompile(`(?m)^.*token\.smt2: obligation (.*): unsat \(attempt 1, ([0-9]+) units, context [0-9.]+m?s\)$`).FindAllStringSubmatch(errs, -1)
	holds := regexp.MustCompile(`(?m)^.*: obligation (.*): unsat \(holds\)$`).FindAllStringSubmatch(out, -1)
	require.NotEmpty(t, holds)
	require.Len(t, progress, len(holds), errs)
	for i, p := range progress {
		require.Equal(t, holds[i][1], p[1], "progress in the order of the obligations")
		require.NotEqual(t, "0", p[2], "%s: Z3 spent some work", p[1])
	}
	_, _, quiet := cubew(t, "certify", cert)
	require.NotContains(t, quiet, "attempt", "no progress without -v")
}
