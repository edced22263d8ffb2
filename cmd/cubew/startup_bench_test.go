package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/cubew/cubew/internal/corpus"
)

// startupRun is one process BenchmarkStartup times: a program built by
// the benchmark, its arguments, and the exit status it must end with.
type startupRun struct {
	name    string // the metrics' prefix
	program string // a key of the programs built
	args    []string
	exit    int
}

// helloSources are Go programs that do nothing, the floor of a process's
// start: a static one, and one linked with cgo (dynamic: ld.so, libc,
// pthread threads) as cubew is.
var helloSources = map[string]string{
	"go-hello":  "package main\n\nfunc main() {}\n",
	"cgo-hello": "package main\n\n// static int one(void) { return 1; }\nimport \"C\"\n\nfunc main() { _ = C.one() }\n",
}

// BenchmarkStartup measures where the fixed cost of a small run goes
// (docs/fixedcost.md): each iteration runs, one after the other so that
// they share the machine's load, an empty Go program, an empty cgo
// program, `cubew --version`, `cubew parse` and `cubew check` of
// cubicle/dekker.cub (the original's smallest time, 7 ms), and the same
// check by cubew built without cgo (CGO_ENABLED=0: Z3 cannot be loaded,
// which dekker never needs). It fails on an unexpected exit status and
// reports, per process, the median CPU time (user + system, NAME-cpu-ms)
// and wall time (NAME-wall-ms).
func BenchmarkStartup(b *testing.B) {
	dir, err := corpus.Dir()
	if err != nil {
		b.Fatal(err)
	}
	dekker := filepath.Join(dir, "cubicle", "dekker.cub")
	bin := b.TempDir()
	programs := map[string]string{}
	for name, src := range helloSources {
		programs[name] = buildHello(b, bin, name, src)
	}
	programs["cubew"] = buildCubew(b, bin, "cubew")
	programs["cubew-nocgo"] = buildCubew(b, bin, "cubew-nocgo", "CGO_ENABLED=0")
	runs := []startupRun{
		{"go-hello", "go-hello", nil, 0},
		{"cgo-hello", "cgo-hello", nil, 0},
		{"version", "cubew", []string{"--version"}, 0},
		{"parse", "cubew", []string{"parse", dekker}, exitSafe},
		{"check", "cubew", []string{"check", dekker}, exitSafe},
		{"check-nocgo", "cubew-nocgo", []string{"check", dekker}, exitSafe},
	}
	walls, cpus := make([][]float64, len(runs)), make([][]float64, len(runs))
	for b.Loop() {
		for i, r := range runs {
			wall, cpu := timeProcess(b, programs[r.program], r.args, r.exit)
			walls[i], cpus[i] = append(walls[i], wall), append(cpus[i], cpu)
		}
	}
	for i, r := range runs {
		b.ReportMetric(median(cpus[i])*1e3, r.name+"-cpu-ms")
		b.ReportMetric(median(walls[i])*1e3, r.name+"-wall-ms")
	}
}

// buildHello writes src as a module of its own in dir/name and builds it
// (with cgo when it imports "C"); it returns the binary's path.
func buildHello(b *testing.B, dir, name, src string) string {
	mod := filepath.Join(dir, name+"-src")
	if err := os.MkdirAll(mod, 0o755); err != nil {
		b.Fatal(err)
	}
	for file, text := range map[string]string{"go.mod": "module " + name + "\n\ngo 1.22\n", "main.go": src} {
		if err := os.WriteFile(filepath.Join(mod, file), []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	out := filepath.Join(dir, name)
	cmd := exec.Command("go", "build", "-o", out, ".")
	cmd.Dir = mod
	if o, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("go build %s: %v\n%s", name, err, o)
	}
	return out
}

// buildCubew builds this command as dir/name, with env added to the
// environment of go build.
func buildCubew(b *testing.B, dir, name string, env ...string) string {
	out := filepath.Join(dir, name)
	cmd := exec.Command("go", "build", "-o", out, ".")
	cmd.Env = append(os.Environ(), env...)
	if o, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("go build %s: %v\n%s", name, err, o)
	}
	return out
}

// timeProcess runs program with args, fails unless it exits with want,
// and returns its wall and CPU seconds.
func timeProcess(b *testing.B, program string, args []string, want int) (wall, cpu float64) {
	start := time.Now()
	cmd := exec.Command(program, args...)
	err := cmd.Run()
	wall = time.Since(start).Seconds()
	code := 0
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		b.Fatal(err)
	}
	if code != want {
		b.Fatalf("%s %v: exit status %d, want %d", program, args, code, want)
	}
	return wall, (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds()
}
