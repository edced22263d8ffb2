package reach

import (
	"fmt"
	"maps"
	"slices"

	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// A data symmetry extends a permutation of the process constants with a
// permutation of the model's variables and arrays (each onto one of the
// same class, weakness, arity and type) and, where the model compares
// numbers only for equality, a permutation of the numbers it names. A
// litmus test's threads are symmetric only so: iriw's writer #1 (X := 1)
// mirrors writer #2 (Y := 2), and reader #3 (X then Y) reader #4 (Y
// then X), under #1<->#2, #3<->#4, X<->Y, 1<->2 together.
//
// Why the argument of symmetry.go still holds. The renaming π acts on
// states: the value of variable s under π is the value of π(s), with its
// processes and numbers renamed. It is a bijection, and it commutes with
// the semantics of every formula the search builds when
//   - the variables are renamed within their class, weakness, arity and
//     type, so a weak location stays weak and a process-local array stays
//     one; the memory models name no location (memmodel: program order,
//     fences and store buffers are per process), so the rules of weak
//     memory are π-invariant too;
//   - numbers are renamed only when nothing in the system but equality
//     (= and <>) relates them: no < or <=, no offset, no symbolic numeric
//     constant (whose value could be one of the renamed numbers). A
//     bijection of the numbers preserves equality, which is then all the
//     formulas see; the solver (lower.go) sees the renamed constants and
//     nothing else about them.
//
// The system (init, transitions, invariants) must map onto itself,
// exactly as for process constants (systemText compares the renamed texts),
// so pre(π(S)) = π(pre(S)) and init ∩ π(S) = π(init ∩ S), and the visited
// set's images close the fixpoint as symmetry.go argues. An image is an
// ordinary cube over the model's symbols, listed in the SAFE answer's
// Invariant, so the certificate states it explicitly.
type dataMap struct {
	syms map[*syntax.Symbol]*syntax.Symbol   // the moved symbols
	nums map[*translate.Term]*translate.Term // the moved numbers
}

// renamer maps the processes of terms by proc and, with data, their
// symbols and numbers.
type renamer struct {
	proc func(translate.Proc) translate.Proc
	data *dataMap
}

func (r renamer) sym(s *syntax.Symbol) *syntax.Symbol {
	if r.data != nil {
		if u := r.data.syms[s]; u != nil {
			return u
		}
	}
	return s
}

// term returns t renamed (nil for nil).
func (r renamer) term(t *translate.Term) *translate.Term {
	if t == nil {
		return nil
	}
	if r.data == nil {
		return t.Rename(r.proc)
	}
	switch t.Kind {
	case translate.KVal:
		return translate.ValTerm(r.sym(t.Sym), r.proc(t.P))
	case translate.KState, translate.KRead:
		args := make([]translate.Proc, len(t.Args))
		for i, p := range t.Args {
			args[i] = r.proc(p)
		}
		if t.Kind == translate.KRead {
			return translate.ReadTerm(r.sym(t.Sym), args...)
		}
		return translate.StateTerm(r.sym(t.Sym), args...)
	case translate.KLin:
		if t.Base == nil {
			if u := r.data.nums[t]; u != nil {
				return u
			}
			return t
		}
		return translate.LinTerm(r.term(t.Base), t.Off)
	}
	return t.Rename(r.proc)
}

// lit returns l renamed.
func (r renamer) lit(l translate.Literal) translate.Literal {
	if r.data == nil {
		return l.Rename(r.proc)
	}
	a, b := r.term(l.L), r.term(l.R)
	if a == l.L && b == l.R {
		return l
	}
	return translate.NewLiteral(l.Op, a, b)
}

// event returns ev renamed.
func (r renamer) event(ev translate.Event) translate.Event {
	out := ev.Rename(r.proc)
	if ev.Loc != nil {
		out.Loc = r.sym(ev.Loc)
	}
	return out
}

// maxDataCandidates bounds the renamings (process, symbol and number
// permutations together) whose system keys are compared; past it only
// the permutations of the process constants are tried.
const maxDataCandidates = 2048

// dataMaps lists the candidate data renamings of sys, the identity (nil)
// first: the products of the permutations of symbols, and of numbers
// when numbersRenamable, within groups that share a kind and how often
// they occur in each part of the system (a renaming that maps the
// system onto itself keeps both).
func dataMaps(sys *translate.System) []*dataMap {
	uses := systemUses(sys)
	var syms []*syntax.Symbol
	for _, s := range sortedSymbols(sys.Model) {
		if s.Class == syntax.SymVar || s.Class == syntax.SymArray {
			syms = append(syms, s)
		}
	}
	symMaps := groupPermutations(syms, func(s *syntax.Symbol) string {
		return fmt.Sprintf("%s %d %d %t %s", s.Type.Name, s.Class, s.Arity, s.Weak, uses.symKey(s))
	})
	numMaps := []map[*translate.Term]*translate.Term{nil}
	if uses.numbersRenamable {
		numMaps = groupPermutations(uses.numbers, uses.numKey)
	}
	if len(symMaps)*len(numMaps) > maxDataCandidates {
		return []*dataMap{nil}
	}
	out := []*dataMap{nil}
	for _, sm := range symMaps {
		for _, nm := range numMaps {
			if sm != nil || nm != nil {
				out = append(out, &dataMap{syms: sm, nums: nm})
			}
		}
	}
	return out
}

// groupPermutations returns the maps that permute items within the
// groups of equal keys (the identity, nil, first); a group with too many
// permutations stays fixed.
func groupPermutations[T comparable](items []T, key func(T) string) []map[T]T {
	groups := map[string][]T{}
	var keys []string
	for _, x := range items {
		k := key(x)
		if groups[k] == nil {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], x)
	}
	ms := []map[T]T{nil}
	for _, k := range keys {
		if next := permuteGroup(ms, groups[k]); next != nil {
			ms = next
		}
	}
	return ms
}

// permuteGroup extends each map of ms by every permutation of group (its
// moved elements only); nil when they would be more than
// maxDataCandidates.
func permuteGroup[T comparable](ms []map[T]T, group []T) []map[T]T {
	if len(group) < 2 {
		return ms
	}
	if len(group) > maxSymmetryProcs || factorial(len(group))*len(ms) > maxDataCandidates {
		return nil
	}
	var out []map[T]T
	translate.Permute(slices.Clone(group), 0, func(images []T) {
		for _, m := range ms {
			next := m
			for i, g := range group {
				if images[i] != g {
					if len(next) == len(m) {
						next = maps.Clone(m)
						if next == nil {
							next = map[T]T{}
						}
					}
					next[g] = images[i]
				}
			}
			out = append(out, next)
		}
	})
	return out
}

// sortedSymbols lists m's symbols by name.
func sortedSymbols(m *syntax.Model) []*syntax.Symbol {
	if m == nil {
		return nil
	}
	out := make([]*syntax.Symbol, 0, len(m.Symbols))
	for _, s := range m.Symbols {
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b *syntax.Symbol) int {
		switch {
		case a.Name < b.Name:
			return -1
		case a.Name > b.Name:
			return 1
		}
		return 0
	})
	return out
}
