package oracle

import (
	"slices"
	"strconv"
	"strings"

	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/internal/tuples"
	"github.com/cubew/cubew/translate"
)

// instance holds the states of one explored instance and the tables that
// match cubes against them: a column per ground term (its value in every
// state) and a bitset per ground literal (the states where it is not
// false), both built on first use. A cube with a few literals is then
// matched under each assignment by intersecting a few bitsets, instead of
// evaluating its literals state by state (ricart_agrawala: 3.0 of 7.3
// CPU-s over 38,435 states that way; 0.44 of 4.7 over 20,312 with
// tables; 0.33 with columns named by cell, columnKey).
type instance struct {
	procs  int
	states []dpor.State
	// shifted: states keyed up to a common shift of their integers;
	// ordered: up to an order isomorphism of their reals (reduce.go).
	shifted, ordered bool
	gap              int64                  // capped gaps' width (reduce.go; 0: none)
	columns          map[string]dpor.Column // columnKey -> value per state
	lits             map[string][]uint64    // ground literal key -> states where it is not false
	partial          string                 // why the exploration stopped early ("" if complete)
}

func newInstance(procs int, states []dpor.State, res *dpor.Result) *instance {
	in := &instance{procs: procs, states: states, shifted: res.Shifted, ordered: res.Ordered, gap: res.Gapped,
		columns: map[string]dpor.Column{}, lits: map[string][]uint64{}}
	if res.Verdict != translate.Safe || res.Bounded {
		in.partial = partialReason(res)
	}
	return in
}

// reaches reports whether some state satisfies c under some assignment of
// c's variables to distinct processes of the instance, looking only at
// the literals the instance's reductions preserve (invariantLits) and
// that speak of no read made after another access of its process to its
// location (laterReads, instants.go).
func (in *instance) reaches(c *translate.Cube) bool {
	lits := firstAccesses(in.invariantLits(c), laterReads(c))
	found := false
	sets := make([][]uint64, 0, len(lits))
	forAssignments(in.procs, c.NVars, func(assign []int) bool {
		sets = sets[:0]
		for _, l := range lits {
			if s := in.literal(c.Events, l, assign); s != nil {
				sets = append(sets, s)
			}
		}
		found = intersects(sets, len(in.states))
		return !found
	})
	return found
}

// intersects reports whether some state of n is in every set (any state,
// when there is no set).
func intersects(sets [][]uint64, n int) bool {
	if len(sets) == 0 {
		return n > 0
	}
	for w := range sets[0] {
		x := sets[0][w]
		for _, s := range sets[1:] {
			x &= s[w]
		}
		if x != 0 {
			return true
		}
	}
	return false
}

// literal returns the states where l is not false under assign (nil when
// l speaks of no state: a read of a transition, which is never false).
// The truth of l is computed once per pair of its sides' value IDs.
func (in *instance) literal(events []translate.Event, l translate.Literal, assign []int) []uint64 {
	a, aKey, okA := in.side(events, l.L, assign)
	b, bKey, okB := in.side(events, l.R, assign)
	if !okA || !okB {
		return nil
	}
	key := aKey + " " + l.Op.String() + " " + bKey
	if s, ok := in.lits[key]; ok {
		return s
	}
	s := make([]uint64, (len(in.states)+63)/64)
	t := newTruth(l.Op, a.col.Vals, b.col.Vals)
	for i := range in.states {
		if t.notFalse(a.id(i), b.id(i)) {
			s[i/64] |= 1 << (i % 64)
		}
	}
	in.lits[key] = s
	return s
}

// truth memoizes a comparison's truth by the IDs of its sides' values:
// 0 not computed, 1 false, 2 not false.
type truth struct {
	op     translate.Op
	as, bs []*translate.Term
	table  []int8
}

func newTruth(op translate.Op, as, bs []*translate.Term) *truth {
	return &truth{op: op, as: as, bs: bs, table: make([]int8, len(as)*len(bs))}
}

// notFalse reports whether the comparison of values x and y (IDs; 0 an
// unknown value, which makes it count as true) is not false.
func (t *truth) notFalse(x, y uint32) bool {
	if x == 0 || y == 0 {
		return true
	}
	k := int(x)*len(t.bs) + int(y)
	if t.table[k] == 0 {
		t.table[k] = 1
		if translate.NewLiteral(t.op, t.as[x], t.bs[y]).Eval() != translate.False {
			t.table[k] = 2
		}
	}
	return t.table[k] == 2
}

// side is one side of a ground literal: a value every state shares (a
// column of one value, IDs nil), or a column.
type side struct {
	col dpor.Column
}

// id is the ID of the side's value in state i.
func (s side) id(i int) uint32 {
	if s.col.IDs == nil {
		return 1
	}
	return s.col.IDs[i]
}

// constant is the side of a value every state shares.
func constant(t *translate.Term) side {
	return side{col: dpor.Column{Vals: []*translate.Term{nil, t}}}
}

// side grounds t under assign: a constant (a constructor, a process, a
// number) or the column of its values, with a key naming it; false when t
// is no state term (a read of a transition, a variable not assigned).
func (in *instance) side(events []translate.Event, t *translate.Term, assign []int) (side, string, bool) {
	switch {
	case t.Kind == translate.KCtor || t.Kind == translate.KLin && t.Base == nil:
		return constant(t), t.Key(), true
	case t.Kind == translate.KProc:
		q, ok := process(t.P, assign)
		if !ok {
			return side{}, "", false
		}
		v := translate.ProcTerm(translate.Proc(-q))
		return constant(v), v.Key(), true
	case t.Kind == translate.KRead:
		return side{}, "", false
	}
	key := columnKey(events, t, assign)
	col, ok := in.columns[key]
	if !ok {
		col = in.column(events, t, assign, key)
	}
	return side{col: col}, key, true
}

// column is the value of t under assign in each state, which it keeps
// under key. A cell's column comes with those of every cell of its
// symbol in the instance (dpor.Columns reads each state once for all of
// them: a cube's variables take every process in turn, so the other
// cells are asked next); a cell of an unassigned variable, or of a
// process the instance does not have, has no value.
// Any other term is grounded state by state, each distinct value (by
// key) given one ID.
func (in *instance) column(events []translate.Event, t *translate.Term, assign []int, key string) dpor.Column {
	if t.Kind == translate.KState {
		procs := make([]int, len(t.Args))
		for i, a := range t.Args {
			procs[i], _ = process(a, assign) // 0 when unassigned: no value in any state
		}
		if slices.ContainsFunc(procs, func(q int) bool { return q < 1 || q > in.procs }) {
			col := dpor.Columns(in.states, t.Sym.Name, [][]int{procs})[0]
			in.columns[key] = col
			return col
		}
		all := make([]int, in.procs)
		for i := range all {
			all[i] = i + 1
		}
		var cells [][]int
		tuples.Each(all, len(procs), func(c []int) { cells = append(cells, slices.Clone(c)) })
		cols := dpor.Columns(in.states, t.Sym.Name, cells)
		for i, c := range cells {
			in.columns[cellKey(t.Sym.Name, c)] = cols[i]
		}
		return in.columns[key]
	}
	col := dpor.Column{IDs: make([]uint32, len(in.states)), Vals: []*translate.Term{nil}}
	ids := map[string]uint32{}
	for i, st := range in.states {
		v := ground(st, events, t, assign)
		if v == nil {
			continue
		}
		id, ok := ids[v.Key()]
		if !ok {
			id = uint32(len(col.Vals))
			col.Vals = append(col.Vals, v)
			ids[v.Key()] = id
		}
		col.IDs[i] = id
	}
	in.columns[key] = col
	return col
}

// cellKey is the columnKey of the cell of symbol name at procs.
func cellKey(name string, procs []int) string {
	var b strings.Builder
	b.WriteString("cell " + name)
	sep := "["
	for _, q := range procs {
		b.WriteString(sep + strconv.Itoa(q))
		sep = ","
	}
	return b.String()
}

// columnKey names the values of t under assign. A state term is named by
// the cell it grounds to (State[#1] under #1 -> 2 and State[#2] under #2
// -> 2 are both the column `State[2]`, built once: a cube's variables
// take every process in turn, so naming columns by variables built each
// cell's column once per variable). Any other term is named by its key
// with the processes its variables stand for, and for the value of a
// read the event it reads by.
func columnKey(events []translate.Event, t *translate.Term, assign []int) string {
	var b strings.Builder
	if t.Kind == translate.KState {
		procs := make([]int, len(t.Args))
		for i, a := range t.Args {
			procs[i], _ = process(a, assign) // 0 when unassigned: no value in any state
		}
		return cellKey(t.Sym.Name, procs)
	}
	b.WriteString(t.Key())
	procs := t.Procs(nil)
	if base := t.Base; t.Kind == translate.KLin && base != nil {
		t = base
	}
	if i := int(t.P - translate.EventBase); t.Kind == translate.KVal && i >= 0 && i < len(events) {
		b.WriteString(" @" + events[i].String())
		procs = append(append(procs, events[i].Proc), events[i].Index...)
	}
	for _, p := range procs {
		if q, ok := process(p, assign); ok && p.IsVar() {
			b.WriteString(" " + p.String() + "=" + strconv.Itoa(q))
		}
	}
	return b.String()
}
