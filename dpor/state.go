package dpor

import (
	"encoding/binary"
	"slices"
)

// write is one pending write of a store buffer.
type write struct {
	loc int32
	val value
}

// group is the weak writes of one transition; they become visible together.
type group []write

// state is one state of the operational semantics. States are never
// modified once built: successors copy what they change.
type state struct {
	vals  []value   // every location: plain values, weak memory, constants
	bufs  [][]group // bufs[q-1] is process q's buffer, oldest group first; nil without buffering
	steps []uint16  // transitions fired per process (index 0: parameterless); nil without MaxSteps
}

// read returns what process q (0: nobody, read memory) reads at location l:
// its newest buffered write to l, else the memory value.
func (p *program) read(st *state, q int, l int) value {
	if q > 0 && st.bufs != nil && p.locs[l].sym.weak {
		b := st.bufs[q-1]
		for i := len(b) - 1; i >= 0; i-- {
			for _, w := range b[i] {
				if int(w.loc) == l {
					return w.val
				}
			}
		}
	}
	return st.vals[l]
}

// pending returns the number of pending writes of process q to location l
// (l < 0: to any location).
func pending(st *state, q int, l int) int {
	if st.bufs == nil {
		return 0
	}
	c := 0
	for _, g := range st.bufs[q-1] {
		for _, w := range g {
			if l < 0 || int(w.loc) == l {
				c++
			}
		}
	}
	return c
}

// flushable returns the indices of the groups of process q that a flush
// step may move to memory: the oldest one under TSO; under PSO every group
// that no older group of q overlaps (per-location FIFO order).
func (p *program) flushable(st *state, q int) []int {
	b := st.bufs[q-1]
	if len(b) == 0 {
		return nil
	}
	if p.mm.FlushesGroups() {
		return []int{0}
	}
	var out []int
	for k := range b {
		free := true
		for j := 0; j < k && free; j++ {
			free = !overlap(b[j], b[k])
		}
		if free {
			out = append(out, k)
		}
	}
	return out
}

func overlap(a, b group) bool {
	for _, x := range a {
		for _, y := range b {
			if x.loc == y.loc {
				return true
			}
		}
	}
	return false
}

// canonPSO reorders a PSO buffer canonically. Under PSO only the order of
// groups that share a location matters, so two buffers that are
// linearisations of the same partial order are the same state. The
// canonical linearisation repeatedly takes, among the groups that no
// remaining older group overlaps, the smallest by encoding.
func canonPSO(b []group) []group {
	if len(b) < 2 {
		return b
	}
	rest := slices.Clone(b)
	out := make([]group, 0, len(b))
	var kb, bb []byte
	for len(rest) > 0 {
		best := -1
		for k := range rest {
			free := true
			for j := 0; j < k && free; j++ {
				free = !overlap(rest[j], rest[k])
			}
			if !free {
				continue
			}
			kb = appendGroup(kb[:0], rest[k], nil)
			if best < 0 || string(kb) < string(bb) {
				best = k
				bb = append(bb[:0], kb...)
			}
		}
		out = append(out, rest[best])
		rest = slices.Delete(rest, best, best+1)
	}
	return out
}

// key appends the canonical encoding of st to dst.
func (st *state) key(dst []byte) []byte { return st.keyRenamed(dst, nil) }

// keyRenamed is key with every constructor c encoded as ren[c] when that
// is not negative (the values of abstract types, renamed by
// program.stateKey; nil: none renamed).
func (st *state) keyRenamed(dst []byte, ren []int64) []byte {
	enc := func(v value) value {
		if ren != nil && v.K == kCons && ren[v.N] >= 0 {
			v.N = ren[v.N]
		}
		return v
	}
	for _, v := range st.vals {
		dst = appendValue(dst, enc(v))
	}
	for _, b := range st.bufs {
		dst = binary.AppendUvarint(dst, uint64(len(b)))
		for _, g := range b {
			dst = appendGroup(dst, g, enc)
		}
	}
	for _, s := range st.steps {
		dst = binary.AppendUvarint(dst, uint64(s))
	}
	return dst
}

// appendValue appends v's kind and its number as a varint (the common
// one-byte case written directly).
func appendValue(dst []byte, v value) []byte {
	if u := uint64(v.N<<1) ^ uint64(v.N>>63); u < 0x80 {
		return append(dst, byte(v.K), byte(u))
	}
	dst = append(dst, byte(v.K))
	return binary.AppendVarint(dst, v.N)
}

// appendGroup appends the encoding of a buffered group, its values
// encoded as enc gives them (nil: as they are).
func appendGroup(dst []byte, g group, enc func(value) value) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(g)))
	for _, w := range g {
		dst = binary.AppendUvarint(dst, uint64(w.loc))
		v := w.val
		if enc != nil {
			v = enc(v)
		}
		dst = appendValue(dst, v)
	}
	return dst
}

// clone returns a copy of st that shares the buffers' groups (groups are
// never modified) but not the slices that a successor changes.
func (st *state) clone() *state { return st.cloneInto(&state{}) }

// cloneInto is clone writing into c, whose slices it reuses.
func (st *state) cloneInto(c *state) *state {
	c.vals = append(c.vals[:0], st.vals...)
	c.steps = nil
	if st.steps != nil {
		c.steps = append(c.steps[:0], st.steps...)
	}
	c.bufs = nil
	if st.bufs != nil {
		c.bufs = append(c.bufs[:0], st.bufs...)
	}
	return c
}
