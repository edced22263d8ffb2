package syntax

import (
	"fmt"
	"slices"
	"strings"
)

// didYouMean returns "; did you mean `X`?" for the candidate closest to
// name, or "" when none is close: a candidate is close when it differs only
// in case, or by at most one edit per three letters (so a name of one or
// two letters only matches in another case).
func didYouMean(name string, candidates []string) string {
	if best := Closest(name, candidates); best != "" {
		return fmt.Sprintf("; did you mean `%s`?", best)
	}
	return ""
}

// Closest returns the candidate closest to name within the distance a
// "did you mean" hint allows (the same case-insensitive name, or at most
// one edit per three letters), the first in sorted order among equals; ""
// if none is close. The command line uses it for flags and want files.
func Closest(name string, candidates []string) string {
	limit := len(name) / 3
	best, bestDist := "", limit+1
	sorted := slices.Clone(candidates)
	slices.Sort(sorted)
	for _, c := range sorted {
		if c == name {
			continue
		}
		d := editDistance(name, c)
		if strings.EqualFold(c, name) {
			d = 0
		}
		if d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, with the swap
// of two neighbouring letters counted as one edit.
func editDistance(a, b string) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// symbolNames returns the names of the model's symbols that keep returns
// true for.
func (c *checker) symbolNames(keep func(*Symbol) bool) []string {
	var out []string
	for name, s := range c.model.Symbols {
		if keep(s) {
			out = append(out, name)
		}
	}
	return out
}

// isState reports whether s is a variable, an array or a constant (a name
// that holds a value, not a constructor).
func isState(s *Symbol) bool { return s.Class != SymConstructor }

// isArray reports whether s is indexed by processes.
func isArray(s *Symbol) bool { return isState(s) && s.Arity > 0 }

// varNames returns the process variables in scope.
func (c *checker) varNames() []string {
	out := make([]string, len(c.vars))
	for i, b := range c.vars {
		out[i] = b.name
	}
	return out
}

// names returns the keys of a map by name.
func names[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
