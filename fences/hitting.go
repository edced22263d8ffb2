package fences

import (
	"cmp"
	"slices"
)

// minimalHittingSets returns the minimal sets of at most maxSize
// positions that meet every conflict, smallest first (equal sizes in
// lexicographic order). A conflict is a sorted set of positions; an empty
// one has no hitting set, so none is returned. The search branches on the
// elements of the first conflict not yet met, at most maxSize deep: every
// minimal hitting set of that size is reached, and its cost is at most the
// largest conflict size to the power maxSize.
func minimalHittingSets(conflicts [][]int, maxSize int) [][]int {
	var all [][]int
	var grow func(set []int)
	grow = func(set []int) {
		k := slices.IndexFunc(conflicts, func(c []int) bool { return !meets(set, c) })
		if k < 0 {
			all = append(all, slices.Clone(set))
			return
		}
		if len(set) == maxSize {
			return
		}
		for _, x := range conflicts[k] {
			grow(insertSorted(set, x))
		}
	}
	grow(nil)
	slices.SortFunc(all, compareSets)
	all = slices.CompactFunc(all, slices.Equal)
	var out [][]int
	for _, s := range all {
		if !slices.ContainsFunc(out, func(o []int) bool { return subset(o, s) }) {
			out = append(out, s)
		}
	}
	return out
}

// compareSets orders sets by size, then lexicographically.
func compareSets(a, b []int) int {
	if c := cmp.Compare(len(a), len(b)); c != 0 {
		return c
	}
	return slices.Compare(a, b)
}

// meets reports whether the sorted sets a and b share an element.
func meets(a, b []int) bool {
	return slices.ContainsFunc(a, func(x int) bool { _, ok := slices.BinarySearch(b, x); return ok })
}

// subset reports whether every element of the sorted set a is in b.
func subset(a, b []int) bool {
	return !slices.ContainsFunc(a, func(x int) bool { _, ok := slices.BinarySearch(b, x); return !ok })
}

// insertSorted returns a copy of the sorted set s with x added.
func insertSorted(s []int, x int) []int {
	i, ok := slices.BinarySearch(s, x)
	if ok {
		return slices.Clone(s)
	}
	return slices.Insert(slices.Clone(s), i, x)
}
