package reach

import (
	"github.com/cubew/cubew/translate"
)

// procCandidates are the restrictions of n that forget some of its
// processes known only through reads: a process that performs no event
// of n and that no literal names except the values of reads of its
// cells (`#1 reads R[#3] = True`, nothing else about #3). The candidate
// keeps every other literal and event of n, with n's relation restricted
// to the kept events, and has at most maxVars variables. Each is more
// general than n by the search's syntactic inclusion (checked, as
// weakCandidates). See doc.go, "Approximation".
func (e *engine) procCandidates(n *node, maxVars int) []candidate {
	c := n.cube
	known := knownOnlyByReads(c)
	if len(known) == 0 {
		return nil
	}
	var out []candidate
	seen := map[string]bool{c.Key(): true}
	forSubsets(len(known), len(known), func(idx []int) {
		var drop [translate.MaxEvents + 1]bool // a dropped variable #k is drop[k]
		for _, k := range idx {
			drop[known[k]] = true
		}
		var keep translate.Set
		for i, ev := range c.Events {
			if !mentionsAny(ev.Index, drop[:]) {
				keep |= translate.Of(i)
			}
		}
		cand, ok := restrict(litsOver(c.Lits, keep), c, keep)
		if !ok || cand.NVars > maxVars || seen[cand.Key()] {
			return
		}
		seen[cand.Key()] = true
		out = append(out, candidate{cand, func() bool { return e.includes(n, cand) }})
	})
	sortCandidates(out)
	return out
}

// knownOnlyByReads returns the variables of c that no event of c is
// performed by and that its literals mention only as the cell of a read
// whose value they compare; none when c has a sourced read (PSO
// obligations tie reads to writes beyond the relation).
func knownOnlyByReads(c *translate.Cube) []translate.Proc {
	var actor, other, cell [translate.MaxEvents + 1]bool
	for _, ev := range c.Events {
		if ev.Sourced {
			return nil
		}
		if ev.Proc.IsVar() && int(ev.Proc) <= translate.MaxEvents {
			actor[ev.Proc] = true
		}
		for _, p := range ev.Index {
			if p.IsVar() && int(p) <= translate.MaxEvents {
				cell[p] = ev.Kind == translate.Read || cell[p]
				other[p] = other[p] || ev.Kind != translate.Read
			}
		}
	}
	var buf []translate.Proc
	for _, l := range c.Lits {
		for _, p := range l.Procs(buf[:0]) {
			if p.IsVar() && int(p) <= translate.MaxEvents {
				other[p] = true
			}
		}
	}
	var out []translate.Proc
	for p := 1; p <= c.NVars && p <= translate.MaxEvents; p++ {
		if cell[p] && !actor[p] && !other[p] {
			out = append(out, translate.Proc(p))
		}
	}
	return out
}

// mentionsAny reports whether some variable of ps is marked in drop.
func mentionsAny(ps []translate.Proc, drop []bool) bool {
	for _, p := range ps {
		if p.IsVar() && int(p) < len(drop) && drop[p] {
			return true
		}
	}
	return false
}

// litsOver returns the literals of lits whose events are all in keep.
func litsOver(lits []translate.Literal, keep translate.Set) []translate.Literal {
	var out []translate.Literal
	var buf []translate.Proc
	for _, l := range lits {
		if keptLiteral(l.Procs(buf[:0]), keep) {
			out = append(out, l)
		}
	}
	return out
}

// keptLiteral reports whether the events a literal mentions (procs, its
// processes) are all in keep.
func keptLiteral(procs []translate.Proc, keep translate.Set) bool {
	for _, p := range procs {
		if p.IsEvent() && !keep.Has(int(p-translate.EventBase)) {
			return false
		}
	}
	return true
}

// restrict is the cube of lits with the events keep of c and c's
// relation restricted to them.
func restrict(lits []translate.Literal, c *translate.Cube, keep translate.Set) (*translate.Cube, bool) {
	var idx [translate.MaxEvents]int
	var events []translate.Event
	for i, ev := range c.Events {
		if keep.Has(i) {
			idx[i] = len(events)
			events = append(events, ev)
		}
	}
	rel := translate.NewRel(len(events))
	for i := range c.Events {
		if keep.Has(i) {
			rel.After[idx[i]] = renumberSet(c.Rel.After[i]&keep, &idx)
			rel.Class[idx[i]] = renumberSet(c.Rel.Class[i]&keep, &idx)
		}
	}
	rename := func(p translate.Proc) translate.Proc {
		if i := int(p - translate.EventBase); p >= translate.EventBase && keep.Has(i) {
			return translate.EventProc(idx[i])
		}
		return p
	}
	renamed := make([]translate.Literal, len(lits))
	for i, l := range lits {
		renamed[i] = l.Rename(rename)
	}
	cand, _, _, ok := translate.Canonicalize(renamed, events, rel)
	return cand, ok
}
