package syntax

import "testing"

// BenchmarkBuildParser measures building the participle parser from the
// struct tags of grammar.go: the part of a run's fixed cost that the
// parser's first use pays (see parser in parse.go).
func BenchmarkBuildParser(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := buildParser(); err != nil {
			b.Fatal(err)
		}
	}
}
