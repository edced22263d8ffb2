package front

import (
	"slices"

	"github.com/cubew/cubew/smt"
)

// model is an assignment of values to the atoms of a query (constants and
// function applications), with the function tables it implies. Values are
// int64: 0/1 for Bool, the index of an enumeration value, the integer
// itself for Int, an element number for an uninterpreted sort.
type model struct {
	values map[smt.Term]int64
	apps   map[string]int64 // function application key -> value
	fresh  map[smt.Sort]int64
}

// fits reports whether the values of the Int atoms assigned so far, up
// to atom i just assigned, have an integer model: an order-preserving map
// to the integers that fixes the literals, which exists when each gap
// between two consecutive literals holds no more values than there are
// integers in it. Only the gap of atom i's value can have overflowed.
func (s *search) fits(i int) bool {
	lits := s.literals[s.t.intSort]
	v := s.vals[s.atoms[i]]
	g, found := slices.BinarySearch(lits, v)
	if found || g == 0 || g == len(lits) {
		return true
	}
	room := (lits[g]-lits[g-1])/s.scale - 1
	var inside []int64
	for _, a := range s.atoms[:i+1] {
		if w := s.vals[a]; s.t.kindOf(a) == kindInt && w > lits[g-1] && w < lits[g] && !slices.Contains(inside, w) {
			inside = append(inside, w)
			if int64(len(inside)) > room {
				return false
			}
		}
	}
	return true
}

// integers maps the scaled values of the Int atoms and literals to
// integers, preserving their order and fixing the literals; fits must
// hold.
func (s *search) integers() map[int64]int64 {
	lits := s.literals[s.t.intSort]
	vs := slices.Clone(lits)
	for _, u := range s.atoms {
		if v := s.vals[u]; v != unknown && s.t.kindOf(u) == kindInt {
			vs = append(vs, v)
		}
	}
	slices.Sort(vs)
	vs = slices.Compact(vs)
	out := make(map[int64]int64, len(vs))
	if len(lits) == 0 {
		for i, v := range vs {
			out[v] = int64(i)
		}
		return out
	}
	first, _ := slices.BinarySearch(vs, lits[0])
	for i, v := range vs {
		switch {
		case i < first: // below the least literal, counting down to it
			out[v] = lits[0]/s.scale - int64(first-i)
		case slices.Contains(lits, v):
			out[v] = v / s.scale
		default: // next after the previous value
			out[v] = out[vs[i-1]] + 1
		}
	}
	return out
}

// model returns the current assignment as a model over the integers.
func (s *search) model() *model {
	m := &model{values: map[smt.Term]int64{}, apps: map[string]int64{}, fresh: map[smt.Sort]int64{}}
	ints := s.integers()
	for _, u := range s.atoms {
		v := s.vals[u]
		if s.isDecision(u) || v == unknown {
			continue
		}
		srt := s.t.sortOf(u)
		switch s.t.sorts[srt].kind {
		case kindInt:
			v = ints[v]
			m.fresh[srt] = max(m.fresh[srt], v+1)
		case kindUninterpreted:
			m.fresh[srt] = max(m.fresh[srt], v+1)
		}
		m.values[u] = v
	}
	for x, v := range s.diffValues() {
		m.values[x] = v
		m.fresh[s.t.intSort] = max(m.fresh[s.t.intSort], v+1)
	}
	for _, v := range ints {
		m.fresh[s.t.intSort] = max(m.fresh[s.t.intSort], v+1)
	}
	// The function tables, keyed by the integer values of the arguments.
	se := &search{t: s.t, scale: 1, vals: m.slice(len(s.t.nodes)), apps: m.apps,
		cache: make([]int64, len(s.t.nodes)), stamp: make([]uint32, len(s.t.nodes))}
	for u, v := range m.values {
		if key, _, _ := se.appKey(u); key != "" {
			m.apps[key] = v
		}
	}
	return m
}

// slice returns the model's values indexed by term, over n terms.
func (m *model) slice(n int) []int64 {
	vs := unknowns(n)
	for u, v := range m.values {
		vs[u] = v
	}
	return vs
}
