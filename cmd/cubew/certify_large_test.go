package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/cubew/cubew/certify"
	"github.com/cubew/cubew/internal/corpus"
	"github.com/stretchr/testify/require"
)

// newSafeCertificates are the corpus SAFE answers that came with session
// 9 (the options of the corpus loop), whose certificates
// TestNewSafeCertificates re-checks: minutes of both provers each on the
// shared machine, hence CUBEW_CERTIFY_LARGE. two_phase_N under pso gets
// its SAFE from the step-ordered search (decide's refinement).
var newSafeCertificates = []struct {
	file        string
	args        []string
	obligations int
}{
	{"cubicle/ricart_agrawala.cub", nil, 532},
	{"cubicle/flash_nodata.cub", nil, 2452},
	{"cubicle-w/cubtso/chandy_misra.cub", nil, 802},
	{"cubicle-w/cubtso/two_phase_i_N.cub", []string{"--assume-invariants"}, 1353},
	{"cubicle-w/cubtso/two_phase_N.cub", []string{"--model", "pso"}, 1069},
}

// TestNewSafeCertificates writes the certificate of each new SAFE answer
// with check --certificate and requires both provers to confirm every
// obligation, each within its resource limit (Z3: cubew certify --rlimit;
// cvc5: certify.CVC5 with --rlimit-per): an exhausted budget fails.
func TestNewSafeCertificates(t *testing.T) {
	if os.Getenv("CUBEW_CERTIFY_LARGE") == "" {
		t.Skip("minutes per prover: CUBEW_CERTIFY_LARGE=1 re-checks them")
	}
	dir, err := corpus.Dir()
	require.NoError(t, err)
	bin, err := exec.LookPath("cvc5")
	require.NoError(t, err, "run `make deps`, which installs Debian's cvc5")
	ran := 0
	for _, c := range newSafeCertificates {
		t.Run(c.file, func(t *testing.T) {
			ran++
			cert := filepath.Join(t.TempDir(), "cert.smt2")
			code, out, errs := cubew(t, append(append([]string{"check", "--certificate", cert}, c.args...), filepath.Join(dir, c.file))...)
			require.Equal(t, exitSafe, code, out+errs)
			code, out, errs = cubew(t, "certify", "--rlimit", "20000000", cert)
			require.Equal(t, exitSafe, code, errs)
			held := regexp.MustCompile(`certificate holds: ([0-9]+) obligations unsat`).FindStringSubmatch(out)
			require.NotNil(t, held, out)
			require.Equal(t, strconv.Itoa(c.obligations), held[1], "Z3")
			script, err := os.ReadFile(cert)
			require.NoError(t, err)
			outcomes, err := certify.CVC5(context.Background(), bin, t.TempDir(), string(script), 50_000_000)
			require.NoError(t, err)
			require.Len(t, outcomes, c.obligations)
			for _, o := range outcomes {
				require.True(t, o.Holds(), "cvc5: obligation %s: %s", o.Obligation, o.Answer)
			}
		})
	}
	require.Equal(t, len(newSafeCertificates), ran)
}
