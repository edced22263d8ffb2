package translate

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/cubew/cubew/syntax"
)

// EventKind tells reads, writes and fences apart.
type EventKind uint8

// The kinds of events.
const (
	Read EventKind = iota
	Write
	Fence
)

func (k EventKind) String() string { return [...]string{"R", "W", "F"}[k] }

// MaxEvents is the most events a cube may hold: relations are 64-bit sets.
const MaxEvents = 64

// Event is a memory event of a weak cube (seed 004, §3): a read or write
// of a weak location by a process, or a fence of a process. Its identity
// is its index in the cube; a read's value is the term ValTerm(Loc,
// EventProc(index)).
type Event struct {
	Kind  EventKind
	Proc  Proc           // the process (a cube variable)
	Loc   *syntax.Symbol // the weak variable or array; nil for a fence
	Index []Proc         // the cell of a weak array
	// Final marks the reads of the unsafe formula: they happen after every
	// read and fence of the execution (design.md, reference semantics).
	Final bool
	// Sourced marks a satisfied read that a weak search keeps for the
	// coherence obligation of the write it reads (reach, PSO).
	Sourced bool
}

// SameLoc reports whether e and f access the same location: the same
// variable, or the same array at the same cube variables.
func (e Event) SameLoc(f Event) bool {
	if e.Loc != f.Loc || e.Loc == nil || len(e.Index) != len(f.Index) {
		return false
	}
	for i := range e.Index {
		if e.Index[i] != f.Index[i] {
			return false
		}
	}
	return true
}

// Rename returns e with its processes renamed by f.
func (e Event) Rename(f func(Proc) Proc) Event {
	out := e
	out.Proc = f(e.Proc)
	if len(e.Index) > 0 {
		out.Index = make([]Proc, len(e.Index))
		for i, p := range e.Index {
			out.Index[i] = f(p)
		}
	}
	return out
}

func (e Event) String() string {
	var b strings.Builder
	b.WriteString(e.Kind.String())
	if e.Final {
		b.WriteString("!")
	}
	if e.Sourced {
		b.WriteString("~")
	}
	b.WriteString(" " + e.Proc.String())
	if e.Loc != nil {
		b.WriteString(" " + e.Loc.Name)
		if len(e.Index) > 0 {
			idx := make([]string, len(e.Index))
			for i, p := range e.Index {
				idx[i] = p.String()
			}
			b.WriteString("[" + strings.Join(idx, ",") + "]")
		}
	}
	return b.String()
}

// Set is a set of events of one cube, as a bit set over their indices.
type Set uint64

// Has reports whether event i is in s.
func (s Set) Has(i int) bool { return s&(1<<uint(i)) != 0 }

// Len counts the events in s.
func (s Set) Len() int { return bits.OnesCount64(uint64(s)) }

// Of returns the set {i}.
func Of(i int) Set { return 1 << uint(i) }

// Rel is the global-happens-before relation of a cube with its ghb-equal
// classes, kept transitively closed: After[i] holds the events that are
// ghb-after event i (never the members of i's class), Class[i] the events
// ghb-equal to i (i included). Acyclic means no event is ghb-after
// itself or one of its class.
type Rel struct {
	After []Set
	Class []Set
}

// NewRel returns the empty relation over n events, each its own class.
func NewRel(n int) Rel {
	r := Rel{After: make([]Set, n), Class: make([]Set, n)}
	for i := range r.Class {
		r.Class[i] = Of(i)
	}
	return r
}

// Clone returns an independent copy of r.
func (r Rel) Clone() Rel {
	return Rel{After: append([]Set(nil), r.After...), Class: append([]Set(nil), r.Class...)}
}

// Before returns the events ghb-before i.
func (r Rel) Before(i int) Set {
	var s Set
	for j := range r.After {
		if r.After[j].Has(i) {
			s |= Of(j)
		}
	}
	return s
}

// AddLt adds ghb(a, b) and closes the relation: everything before or equal
// to a comes before everything after or equal to b.
func (r Rel) AddLt(a, b int) {
	from := r.Before(a) | r.Class[a]
	to := r.After[b] | r.Class[b]
	for j := range r.After {
		if from.Has(j) {
			r.After[j] |= to
		}
	}
}

// AddEq merges the classes of a and b (ghb-equal) and closes the relation.
func (r Rel) AddEq(a, b int) {
	cls := r.Class[a] | r.Class[b]
	var before, after Set
	for j := range r.After {
		if cls.Has(j) {
			after |= r.After[j]
			before |= r.Before(j)
		}
	}
	for j := range r.After {
		if cls.Has(j) {
			r.Class[j] = cls
			r.After[j] |= after
		}
		if before.Has(j) {
			r.After[j] |= cls | after
		}
	}
}

// Acyclic reports whether no event is ghb-after itself or a member of its
// own class: (ppo ∪ ... ∪ ghb-equal)+ \ ghb-equal has no cycle.
func (r Rel) Acyclic() bool {
	for i := range r.After {
		if r.After[i]&r.Class[i] != 0 {
			return false
		}
	}
	return true
}

// Lt reports whether a is ghb-before b.
func (r Rel) Lt(a, b int) bool { return r.After[a].Has(b) }

// Eq reports whether a and b are ghb-equal.
func (r Rel) Eq(a, b int) bool { return r.Class[a].Has(b) }

// String lists the pairs of the relation, for debugging.
func (r Rel) String() string {
	var parts []string
	for i := range r.After {
		for j := range r.After {
			if r.Lt(i, j) {
				parts = append(parts, fmt.Sprintf("e%d<e%d", i, j))
			}
			if i < j && r.Eq(i, j) {
				parts = append(parts, fmt.Sprintf("e%d=e%d", i, j))
			}
		}
	}
	return strings.Join(parts, " ")
}
