// Package tuples enumerates the tuples of a fixed length over a list,
// repetitions allowed, for the places that instantiate a formula or an
// array over every cell of a finite set of processes.
package tuples

// Each calls f with every tuple of n elements of xs, repetitions
// allowed, in lexicographic order of positions in xs (len(xs)^n calls;
// one call with the empty tuple when n is 0). The slice f receives is
// reused between calls: f must copy it to keep it.
func Each[T any](xs []T, n int, f func([]T)) {
	tuple := make([]T, n)
	var walk func(i int)
	walk = func(i int) {
		if i == n {
			f(tuple)
			return
		}
		for _, x := range xs {
			tuple[i] = x
			walk(i + 1)
		}
	}
	walk(0)
}
