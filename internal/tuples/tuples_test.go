package tuples

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestEach(t *testing.T) {
	var got []string
	Each([]string{"a", "b", "c"}, 2, func(xs []string) { got = append(got, strings.Join(xs, "")) })
	require.Equal(t, []string{"aa", "ab", "ac", "ba", "bb", "bc", "ca", "cb", "cc"}, got)

	calls := 0
	Each([]int{1, 2}, 0, func(xs []int) { calls++; require.Empty(t, xs) })
	require.Equal(t, 1, calls, "one empty tuple")

	calls = 0
	Each([]int{}, 3, func([]int) { calls++ })
	require.Zero(t, calls, "no tuple over an empty list")
}
