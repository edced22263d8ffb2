//go:build cgo && !race

package z3

// raceEnabled reports whether the race detector is on; see race_test.go.
const raceEnabled = false
