package dpor

import "hash/maphash"

// keySet is the visited set of the explicit engine: a set of byte
// strings, each with a dense id (0, 1, … in order of insertion). The keys
// are copied into chunks of one arena and found through an open
// addressing table of hashes and ids, so the set holds no pointer per key
// for the garbage collector to scan and no string header per key.
type keySet struct {
	seed   maphash.Seed
	chunks [][]byte // the arena: keys never span two chunks
	refs   []keyRef // refs[id]: where key id is
	slots  []uint64 // per slot: the key's hash (high 32 bits) and id+1 (low 32 bits); 0 when empty
}

// keyRef locates one key in the arena.
type keyRef struct {
	chunk, off, len uint32
}

// keyChunk is the size of an arena chunk (a longer key gets a chunk of
// its own).
const keyChunk = 1 << 20

// newKeySet returns an empty set.
func newKeySet() *keySet {
	return &keySet{seed: maphash.MakeSeed(), slots: make([]uint64, 1024)}
}

// len returns the number of keys.
func (s *keySet) len() int { return len(s.refs) }

// key returns key id (valid until the set changes its chunks: never,
// chunks are only appended).
func (s *keySet) key(id int32) []byte {
	r := s.refs[id]
	return s.chunks[r.chunk][r.off : r.off+r.len]
}

// add inserts k if it is new. It returns k's id and whether it was new.
func (s *keySet) add(k []byte) (int32, bool) {
	h := maphash.Bytes(s.seed, k)
	tag := h >> 32 << 32
	mask := uint64(len(s.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		e := s.slots[i]
		if e == 0 {
			id := s.store(k)
			s.slots[i] = tag | uint64(id+1)
			if 2*len(s.refs) > len(s.slots) {
				s.grow()
			}
			return id, true
		}
		if e>>32<<32 == tag {
			id := int32(uint32(e) - 1)
			if string(s.key(id)) == string(k) {
				return id, false
			}
		}
	}
}

// store copies k into the arena and returns its new id.
func (s *keySet) store(k []byte) int32 {
	n := len(s.chunks)
	if n == 0 || cap(s.chunks[n-1])-len(s.chunks[n-1]) < len(k) {
		s.chunks = append(s.chunks, make([]byte, 0, max(keyChunk, len(k))))
		n++
	}
	c := s.chunks[n-1]
	s.refs = append(s.refs, keyRef{chunk: uint32(n - 1), off: uint32(len(c)), len: uint32(len(k))})
	s.chunks[n-1] = append(c, k...)
	return int32(len(s.refs) - 1)
}

// grow doubles the table (a power of two: it starts at 1024 slots) and
// inserts every key again.
func (s *keySet) grow() {
	s.slots = make([]uint64, 2*len(s.slots))
	mask := uint64(len(s.slots) - 1)
	for id := range s.refs {
		h := maphash.Bytes(s.seed, s.key(int32(id)))
		i := h & mask
		for s.slots[i] != 0 {
			i = (i + 1) & mask
		}
		s.slots[i] = h>>32<<32 | uint64(id+1)
	}
}
