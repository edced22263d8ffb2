package dpor

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestKeySet adds 100,000 distinct keys of varying lengths (the table
// grows 7 times, the arena spans several chunks, one key is longer than
// a chunk) twice: the first round gives ids 0, 1, … in order, the second
// finds each key with its id, and every key reads back unchanged.
func TestKeySet(t *testing.T) {
	const n = 100_000
	key := func(i int) []byte {
		k := binary.AppendUvarint(nil, uint64(i))
		for range i % 300 {
			k = append(k, byte(i))
		}
		if i == n/2 {
			k = append(k, make([]byte, 2*keyChunk)...)
		}
		return k
	}
	s := newKeySet()
	for round := range 2 {
		for i := range n {
			id, fresh := s.add(key(i))
			require.Equal(t, round == 0, fresh, "key %d, round %d", i, round)
			require.Equal(t, int32(i), id)
		}
	}
	require.Equal(t, n, s.len())
	require.Len(t, s.slots, 1<<18, "1024 slots doubled until at most half full")
	require.Greater(t, len(s.chunks), 2)
	for i := range n {
		require.Equal(t, key(i), s.key(int32(i)))
	}
	_, fresh := s.add(nil)
	require.True(t, fresh, "the empty key is a key")
	_, fresh = s.add([]byte{})
	require.False(t, fresh)
}
