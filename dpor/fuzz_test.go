package dpor

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// FuzzExplicit runs small instances of any model that checks: the engine
// may return an error but must not panic, and an unsafe witness must
// replay. Seeds: the models of this package's tests and the corpus.
func FuzzExplicit(f *testing.F) {
	for _, src := range []string{sb(false), sb(true), mpSrc, incSrc, splitSrc, sbNSrc} {
		f.Add([]byte(src), uint8(2), uint8(1))
	}
	if dir, err := corpus.Dir(); err == nil {
		if files, err := corpus.Files(dir); err == nil {
			for _, name := range files {
				if src, err := os.ReadFile(filepath.Join(dir, name)); err == nil && len(src) < 4000 {
					f.Add(src, uint8(2), uint8(1))
				}
			}
		}
	}
	models := []memmodel.Model{memmodel.SC, memmodel.TSO, memmodel.PSO}
	f.Fuzz(func(t *testing.T, src []byte, n, model uint8) {
		file, err := syntax.Parse("fuzz.cub", src)
		if err != nil {
			return
		}
		mm := models[int(model)%len(models)]
		m, err := syntax.Check(file, syntax.CheckOptions{SC: mm == memmodel.SC})
		if err != nil {
			return
		}
		opts := Options{N: 1 + int(n)%3, Model: mm, MaxSteps: 3, MaxBuffer: 2, MaxStates: 2000}
		res, err := Explicit(context.Background(), m, opts)
		if err != nil {
			return
		}
		if res.Verdict == translate.Unsafe {
			if err := Replay(m, opts, res.Witness); err != nil {
				t.Fatalf("witness does not replay: %v\n%s", err, res.Witness)
			}
		}
	})
}
