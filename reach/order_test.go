package reach

import "testing"

// TestPairBits sets every fifth pair (i, j), j < i, of 131 children and
// checks that exactly those read back: rows of whole words never share
// bits, so goroutines filling different rows never touch one word.
func TestPairBits(t *testing.T) {
	const n = 131
	b := newPairBits(n)
	want := func(i, j int) bool { return (i*7+j)%5 == 0 }
	for i := range n {
		for j := range i {
			if want(i, j) {
				b.set(i, j)
			}
		}
	}
	pairs, set := 0, 0
	for i := range n {
		if i+1 < n && b.start[i+1]-b.start[i] != (i+63)/64 {
			t.Fatalf("row %d has %d words, want %d", i, b.start[i+1]-b.start[i], (i+63)/64)
		}
		for j := range i {
			pairs++
			if b.has(i, j) != want(i, j) {
				t.Fatalf("pair (%d, %d): has %v, want %v", i, j, b.has(i, j), want(i, j))
			}
			if want(i, j) {
				set++
			}
		}
	}
	if pairs != n*(n-1)/2 || set != 1703 {
		t.Fatalf("%d pairs, %d set; want %d, 1703", pairs, set, n*(n-1)/2)
	}
}
