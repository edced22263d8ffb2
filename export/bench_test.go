package export

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/cubew/cubew/dpor"
)

// BenchmarkPeers times, on every case of TestSPINAgreesWithBounded, the
// dpor engine, the explicit engine and SPIN (export, spin -a, cc -O0 and
// pan) on the same instance, and reports their work: executions, states
// and SPIN's stored states and own search time (pan-seconds/op).
//
//	go test ./export -run '^$' -bench Peers -benchtime 1x
func BenchmarkPeers(b *testing.B) {
	cases := append(wantCases(b, "../examples/litmus/*.cub", 4), wantCases(b, "../examples/*.cub", 2)...)
	cases = append(cases, corpusCases(b)...)
	for _, c := range cases {
		name := fmt.Sprintf("%s/%s/n=%d/k=%d", filepath.Base(c.path), c.model, c.n, c.k)
		m, mm := loadCase(b, c.path, c.model)
		opts := dpor.Options{N: c.n, Model: mm, MaxSteps: c.k}
		b.Run(name+"/dpor", func(b *testing.B) {
			var res *dpor.Result
			for b.Loop() {
				res, _ = dpor.Check(context.Background(), m, opts)
			}
			b.ReportMetric(float64(res.Executions), "executions/op")
		})
		b.Run(name+"/explicit", func(b *testing.B) {
			o := opts
			o.MaxBuffer = BufferFor(m, c.k)
			var res *dpor.Result
			for b.Loop() {
				res, _ = dpor.Explicit(context.Background(), m, o)
			}
			b.ReportMetric(float64(res.States), "states/op")
		})
		b.Run(name+"/spin", func(b *testing.B) {
			var res *SPINResult
			for b.Loop() {
				res = runSPIN(b, m, Options{N: c.n, Model: mm, MaxSteps: c.k, MaxBuffer: BufferFor(m, c.k)})
			}
			b.ReportMetric(float64(res.States), "states/op")
			b.ReportMetric(res.Seconds, "pan-seconds/op")
		})
	}
}
