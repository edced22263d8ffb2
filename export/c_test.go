package export

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
)

// TestCCompiles exports every case of the SPIN comparison as C and checks
// that cc accepts it as C11 with pthreads.
func TestCCompiles(t *testing.T) {
	requireTools(t)
	cases := append(wantCases(t, "../examples/litmus/*.cub", 4), corpusCases(t)...)
	dir := t.TempDir()
	compiled := 0
	for i, c := range cases {
		m, mm := loadCase(t, c.path, c.model)
		src := exportWith(t, C, m, Options{N: c.n, Model: mm, Rounds: 3})
		file := filepath.Join(dir, filepath.Base(c.path)+"."+c.model+".c")
		if err := os.WriteFile(file, src, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command("cc", "-std=c11", "-pthread", "-Wall", "-Werror", "-fsyntax-only", file).CombinedOutput()
		if err != nil {
			t.Errorf("case %d %s %s: %v\n%s", i, c.path, c.model, err, out)
			continue
		}
		compiled++
	}
	if compiled != len(cases) || compiled < 60 {
		t.Fatalf("%d of %d exported programs compile", compiled, len(cases))
	}
}

// oneStep is a model that one process makes unsafe in one step.
const oneStep = `
type st = A | B
array S[proc] : st
init (p) { S[p] = A }
unsafe (p) { S[p] = B }
transition go ([p]) requires { S[p] = A } { S[p] := B }
`

// TestCRunsNatively builds exported programs and runs them: with one
// process and one round the run is deterministic, so the unsafe model
// must abort on its assertion and a safe variant must exit 0.
func TestCRunsNatively(t *testing.T) {
	requireTools(t)
	for _, c := range []struct {
		name string
		src  string
		want string
	}{
		{"unsafe", oneStep, "signal: aborted"}, // the assertion fails
		{"safe", strings.Replace(oneStep, "S[p] = B }", "S[p] = A && S[p] = B }", 1), "exit status 0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, err := syntax.ParseAndCheck(c.name+".cub", []byte(c.src), syntax.CheckOptions{})
			if err != nil {
				t.Fatal(err)
			}
			src := exportWith(t, C, m, Options{N: 1, Model: memmodel.SC, Rounds: 1})
			dir := t.TempDir()
			file := filepath.Join(dir, "m.c")
			if err := os.WriteFile(file, src, 0o644); err != nil {
				t.Fatal(err)
			}
			bin := filepath.Join(dir, "m")
			if out, err := exec.Command("cc", "-std=c11", "-pthread", "-o", bin, file).CombinedOutput(); err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			run := exec.Command(bin)
			var exit *exec.ExitError
			if err := run.Run(); err != nil && !errors.As(err, &exit) {
				t.Fatal(err)
			}
			if got := run.ProcessState.String(); !strings.HasPrefix(got, c.want) {
				t.Fatalf("the program ended with %q, want %q", got, c.want)
			}
		})
	}
}

func loadCase(t testing.TB, path, model string) (*syntax.Model, memmodel.Model) {
	t.Helper()
	mm, err := memmodel.ByName(model)
	if err != nil {
		t.Fatal(err)
	}
	m, err := syntax.Load(path, syntax.CheckOptions{SC: model == "sc"})
	if err != nil {
		t.Fatal(err)
	}
	return m, mm
}

// exportWith writes m with one of the writers (C or Promela).
func exportWith(t testing.TB, write func(io.Writer, *syntax.Model, Options) error, m *syntax.Model, opts Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	opts.Version, opts.Source = "test", m.File.Name
	if err := write(&buf, m, opts); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
