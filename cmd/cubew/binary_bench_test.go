package main

import (
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cubew/cubew/internal/corpus"
)

// smallCorpusFiles are the small corpus files of issue 20, whose time is
// mostly the fixed cost of a run: start-up, solver, translation.
var smallCorpusFiles = []string{
	"cubicle-w/cubtso/mutex_N.cub", "cubicle-w/cubtso/spinlock_N.cub", "cubicle-w/cubtso/arbiter_v1_N.cub",
	"cubicle-w/cubtso/sense_rev_N.cub", "cubicle/bakery.cub", "cubicle/dekker.cub", "cubicle/synapse.cub",
	"cubicle/mutex.cub", "cubicle/xerox_dragon.cub",
}

// BenchmarkBinary builds cubew and runs `cubew check --assume-invariants
// FILE` (the original tools trust invariants) once per iteration on each
// small corpus file, end to end as a user runs it: it fails on an exit
// status other than the expected verdict's, and reports the process's CPU
// time (user + system) per run, the original tool's time on one of our
// machines (orig-s, wall) and the ratio of that time to ours, wall
// (speedup) and CPU (cpu-speedup). `make bench` turns the lines into a
// table.
func BenchmarkBinary(b *testing.B) {
	dir, err := corpus.Dir()
	if err != nil {
		b.Fatal(err)
	}
	entries, err := corpus.Expected(dir)
	if err != nil {
		b.Fatal(err)
	}
	bin := filepath.Join(b.TempDir(), "cubew")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	ran := 0
	for _, e := range entries {
		if !strings.Contains(strings.Join(smallCorpusFiles, " "), e.File) {
			continue
		}
		ran++
		want := map[string]int{"safe": exitSafe, "unsafe": exitUnsafe}[e.Expected]
		b.Run(strings.TrimSuffix(e.File, ".cub"), func(b *testing.B) {
			cpu := 0.0
			for b.Loop() {
				cmd := exec.Command(bin, "check", "--assume-invariants", filepath.Join(dir, e.File))
				err := cmd.Run()
				var exit *exec.ExitError
				if code := 0; err == nil || errors.As(err, &exit) {
					if exit != nil {
						code = exit.ExitCode()
					}
					if code != want {
						b.Fatalf("exit status %d, want %d (%s)", code, want, e.Expected)
					}
				} else {
					b.Fatal(err)
				}
				cpu += (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds()
			}
			wall := b.Elapsed().Seconds() / float64(b.N)
			cpu /= float64(b.N)
			b.ReportMetric(cpu*1e3, "cpu-ms/op")
			b.ReportMetric(e.OriginalSeconds, "orig-s")
			b.ReportMetric(e.OriginalSeconds/wall, "speedup")
			b.ReportMetric(e.OriginalSeconds/cpu, "cpu-speedup")
		})
	}
	if ran != len(smallCorpusFiles) {
		b.Fatalf("%d of the %d small files are in expected.tsv", ran, len(smallCorpusFiles))
	}
}
