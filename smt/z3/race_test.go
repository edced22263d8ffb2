//go:build cgo && race

package z3

// raceEnabled reports whether the race detector is on: its shadow memory
// grows with every allocation, so resident-set bounds mean nothing.
const raceEnabled = true
