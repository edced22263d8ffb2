package export

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"

	"github.com/stretchr/testify/require"
)

// spinCase is one instance SPIN and the bounded engines both check.
type spinCase struct {
	path  string
	model string
	n     int
	k     int    // steps per process
	want  string // the verdict of the file's .want, "" when it has none
}

// testSteps is the steps bound of a case whose .want line gives none (cubew bounded's default).
const testSteps = 6

// wantCases lists the bounded lines of the .want files of the models
// that glob matches, with at most maxN processes; a line without k= gets
// testSteps.
func wantCases(t testing.TB, glob string, maxN int) []spinCase {
	files, err := filepath.Glob(glob)
	if err != nil || len(files) == 0 {
		t.Fatalf("no models match %s: %v", glob, err)
	}
	var cases []spinCase
	for _, f := range files {
		want, err := os.ReadFile(strings.TrimSuffix(f, ".cub") + ".want")
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(want))
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			if len(fields) < 4 || fields[0] != "bounded" {
				continue
			}
			c := spinCase{path: f, model: fields[1], k: testSteps, want: strings.ToLower(fields[len(fields)-1])}
			for _, p := range fields[2 : len(fields)-1] {
				if _, err := fmt.Sscanf(p, "n=%d", &c.n); err != nil {
					if _, err := fmt.Sscanf(p, "k=%d", &c.k); err != nil {
						t.Fatalf("%s: bad bounded line %q", f, sc.Text())
					}
				}
			}
			if c.n <= maxN {
				cases = append(cases, c)
			}
		}
	}
	return cases
}

// corpusCases lists the small weak corpus files at n = 2: every one under
// tso, the cheap ones under sc and pso too.
func corpusCases(t testing.TB) []spinCase {
	dir, err := corpus.Dir()
	require.NoError(t, err, "the shared corpus (CUBEW_CORPUS)")
	var cases []spinCase
	for _, name := range []string{"mutex_N", "spinlock_N", "peterson_2", "dekker_2", "lamport_N"} {
		for _, suffix := range []string{"", "_us"} {
			path := filepath.Join(dir, "cubicle-w", "cubtso", name+suffix+".cub")
			for _, model := range []string{"tso", "sc", "pso"} {
				if model != "tso" && name == "lamport_N" {
					continue // the largest of them: tso only
				}
				cases = append(cases, spinCase{path: path, model: model, n: 2, k: testSteps})
			}
		}
	}
	return cases
}

// requireTools fails when spin or cc is missing: make deps installs them.
func requireTools(t *testing.T) {
	for _, tool := range []string{"spin", "cc"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is not installed (make deps installs it): %v", tool, err)
		}
	}
}

// TestSPINAgreesWithBounded exports every litmus example and the small weak
// corpus files to Promela, runs the real SPIN on them and asserts that its
// verdict equals dpor's and the explicit engine's at the case's steps per
// process, and the .want verdict where there is one.
func TestSPINAgreesWithBounded(t *testing.T) {
	requireTools(t)
	cases := wantCases(t, "../examples/litmus/*.cub", 4)
	nLitmus := len(cases)
	if nLitmus < 39 {
		t.Fatalf("%d litmus cases, want at least 39 (13 files, 3 models)", nLitmus)
	}
	examples := wantCases(t, "../examples/*.cub", 2)
	if len(examples) < 11 {
		t.Fatalf("%d example cases at n=2, want at least 11", len(examples))
	}
	cases = append(cases, examples...)
	cases = append(cases, corpusCases(t)...)
	var compared atomic.Int32
	t.Run("cases", func(t *testing.T) {
		for _, c := range cases {
			name := fmt.Sprintf("%s/%s/n=%d/k=%d", filepath.Base(c.path), c.model, c.n, c.k)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				if compareWithSPIN(t, c) {
					compared.Add(1)
				}
			})
		}
	})
	if got := int(compared.Load()); got != len(cases) {
		t.Fatalf("SPIN agreed with the bounded engines on %d of %d cases", got, len(cases))
	}
	t.Logf("SPIN agreed with the bounded engines on %d cases (%d litmus, %d examples, %d corpus)",
		len(cases), nLitmus, len(examples), len(cases)-nLitmus-len(examples))
}

// compareWithSPIN checks one case and reports success.
func compareWithSPIN(t *testing.T, c spinCase) bool {
	m, mm := loadCase(t, c.path, c.model)
	// A buffer as large as the steps bound allows: no step waits for room.
	opts := dpor.Options{N: c.n, Model: mm, MaxSteps: c.k, MaxBuffer: BufferFor(m, c.k)}
	ctx := context.Background()
	gr, err := dpor.Check(ctx, m, dpor.Options{N: c.n, Model: mm, MaxSteps: c.k, MaxExecutions: 2_000_000})
	if err != nil {
		t.Fatal(err)
	}
	opts.MaxStates = 2_000_000
	ex, err := dpor.Explicit(ctx, m, opts)
	if err != nil {
		t.Fatal(err)
	}
	sp := runSPIN(t, m, Options{N: c.n, Model: mm, MaxSteps: opts.MaxSteps, MaxBuffer: opts.MaxBuffer})
	t.Logf("dpor %s (%d executions), explicit %s (%d states), SPIN %s (%d states)",
		gr.Verdict, gr.Executions, ex.Verdict, ex.States, sp.Verdict, sp.States)
	ok := true
	for _, r := range []struct {
		engine string
		got    translate.Verdict
	}{{"dpor", gr.Verdict}, {"explicit", ex.Verdict}} {
		if r.got == translate.Unknown || sp.Verdict == translate.Unknown {
			t.Errorf("%s %s, SPIN %s (%s): both must decide", r.engine, r.got, sp.Verdict, sp.Reason)
			ok = false
		} else if r.got != sp.Verdict {
			t.Errorf("SPIN says %s, %s says %s", sp.Verdict, r.engine, r.got)
			ok = false
		}
	}
	if c.want != "" && gr.Verdict.String() != c.want {
		t.Errorf("dpor says %s, the .want file %s", gr.Verdict, c.want)
		ok = false
	}
	return ok
}

// runSPIN exports m and runs SPIN on it.
func runSPIN(t testing.TB, m *syntax.Model, opts Options) *SPINResult {
	t.Helper()
	src := exportWith(t, Promela, m, opts)
	res, err := SPIN(context.Background(), src, SPINOptions{MaxDepth: 100_000, MemoryMB: 512})
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	return res
}
