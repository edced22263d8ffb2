package dpor

import (
	"math"
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestAddWhole: a sum of whole numbers that is a real interned already
// gets that real's index without big arithmetic, the value the big
// path gives; a sum not interned yet, a fraction, or an overflow goes
// the big way (add interns it, and the next such sum is found).
func TestAddWhole(t *testing.T) {
	ns := newNumbers()
	one, two := ns.real(big.NewRat(1, 1)), ns.real(big.NewRat(2, 1))
	three, ok := ns.addWhole(one, two, 1)
	require.False(t, ok, "3 is not interned yet")
	viaBig, err := ns.add(one, two, 1)
	require.NoError(t, err)
	require.Equal(t, big.NewRat(3, 1), ns.rat(viaBig))
	three, ok = ns.addWhole(one, two, 1)
	require.True(t, ok)
	require.Equal(t, viaBig, three)
	back, ok := ns.addWhole(three, two, -1)
	require.True(t, ok)
	require.Equal(t, one, back)
	mixed, ok := ns.addWhole(value{K: kInt, N: 1}, one, 1)
	require.True(t, ok, "an int and a whole real")
	require.Equal(t, two, mixed)

	half := ns.real(big.NewRat(1, 2))
	_, ok = ns.addWhole(half, one, 1)
	require.False(t, ok, "a fraction")
	sum, err := ns.add(half, half, 1)
	require.NoError(t, err)
	require.Equal(t, one, sum, "the big path interns 1/2 + 1/2 as the 1 of before")

	huge := ns.real(big.NewRat(math.MaxInt64, 1))
	_, ok = ns.addWhole(huge, one, 1)
	require.False(t, ok, "an overflow")
	over, err := ns.add(huge, one, 1)
	require.NoError(t, err)
	require.Equal(t, new(big.Rat).Add(big.NewRat(math.MaxInt64, 1), big.NewRat(1, 1)), ns.rat(over))
}
