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

// fits reports whether the values of the Int atoms assigned so far have
// an integer model: an order-preserving map to the integers that fixes
// the literals, which exists when each gap between two consecutive
// literals holds no more values than there are integers in it.
func (s *search) fits() bool {
	lits := s.literals[s.t.intSort]
	if len(lits) < 2 {
		return true
	}
	inside := map[int]map[int64]bool{} // gap index -> values strictly inside
	for u, v := range s.assigned {
		if s.t.kindOf(u) != kindInt {
			continue
		}
		i, found := slices.BinarySearch(lits, v)
		if found || i == 0 || i == len(lits) {
			continue
		}
		if inside[i] == nil {
			inside[i] = map[int64]bool{}
		}
		inside[i][v] = true
		if int64(len(inside[i])) > (lits[i]-lits[i-1])/s.scale-1 {
			return false
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
	for u, v := range s.assigned {
		if s.t.kindOf(u) == kindInt {
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
	m := &model{values: make(map[smt.Term]int64, len(s.assigned)), apps: map[string]int64{}, fresh: map[smt.Sort]int64{}}
	ints := s.integers()
	for u, v := range s.assigned {
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
	for _, v := range ints {
		m.fresh[s.t.intSort] = max(m.fresh[s.t.intSort], v+1)
	}
	// The function tables, keyed by the integer values of the arguments.
	se := &search{t: s.t, scale: 1, assigned: m.values, apps: m.apps,
		cache: make([]int64, len(s.t.nodes)), stamp: make([]uint32, len(s.t.nodes))}
	for u, v := range m.values {
		if key, _, _ := se.appKey(u); key != "" {
			m.apps[key] = v
		}
	}
	return m
}
