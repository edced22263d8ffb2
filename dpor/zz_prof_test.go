package dpor

import (
	"context"
	"testing"

	"github.com/cubew/cubew/internal/corpus"
)

func BenchmarkZZFlash3(b *testing.B) {
	dir, _ := corpus.Dir()
	m, mm := loadCorpus(b, dir, corpus.Entry{File: "cubicle/flash.cub", Model: "sc"})
	for b.Loop() {
		opts := Options{N: 3, Model: mm, MaxBuffer: 32, MaxStates: 2_000_000, Symmetry: true, DeadValues: true, Shift: true, Order: true}
		res, err := Explicit(context.Background(), m, opts)
		if err != nil {
			b.Fatal(err)
		}
		b.Log(res.States, res.Verdict)
	}
}
