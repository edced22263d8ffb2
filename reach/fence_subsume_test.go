package reach

import (
	"testing"

	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestFenceEarlierSubsumption checks the matcher's one relaxation of
// ghb-equality (fenceEarlier, on when writes may be reordered): a visited
// cube's fence ghb-equal to a read of its process stands for a fence of
// the new cube that is ghb-before the read's image, never for one after
// it or unordered with it; two ghb-equal reads stay ghb-equal; with the
// relaxation off (writes in program order) only the equal fence does.
func TestFenceEarlierSubsumption(t *testing.T) {
	x, _, _ := weakSymbols(t)
	fence := translate.Event{Kind: translate.Fence, Proc: 1}
	rx := ev(translate.Read, 1, x)
	other := ev(translate.Read, 2, x)
	mk := func(events []translate.Event, lt, eq [][2]int) *node {
		return eventNode(t, events, lt, eq, func(int) bool { return true })
	}
	relaxed := func(n *node) *matcher {
		m := newMatcher(n.facts())
		m.fenceEarlier = true
		return m
	}
	fencedRead := mk([]translate.Event{fence, rx}, nil, [][2]int{{0, 1}})
	cases := []struct {
		name string
		n    *node
		want bool
	}{
		{"fence ghb-equal to the read", mk([]translate.Event{fence, rx}, nil, [][2]int{{0, 1}}), true},
		{"fence before the read", mk([]translate.Event{fence, rx}, [][2]int{{0, 1}}, nil), true},
		{"fence before the read, another read after it", mk([]translate.Event{fence, rx, other}, [][2]int{{0, 1}, {0, 2}, {1, 2}}, nil), true},
		{"fence after the read", mk([]translate.Event{fence, rx}, [][2]int{{1, 0}}, nil), false},
		{"fence unordered with the read", mk([]translate.Event{fence, rx}, nil, nil), false},
		{"no fence", mk([]translate.Event{rx}, nil, nil), false},
	}
	for _, c := range cases {
		require.Equal(t, c.want, relaxed(c.n).includes(fencedRead.pattern()), c.name)
		if c.want {
			require.Equal(t, c.name == "fence ghb-equal to the read", newMatcher(c.n.facts()).includes(fencedRead.pattern()), "%s, writes in program order", c.name)
		}
	}
	// The relaxation is for fences only: two reads ghb-equal in the
	// visited cube stay ghb-equal in the new one.
	twoReads := mk([]translate.Event{rx, other}, nil, [][2]int{{0, 1}})
	require.False(t, relaxed(mk([]translate.Event{rx, other}, [][2]int{{0, 1}}, nil)).includes(twoReads.pattern()))
	// The visited cube's pairs from the fence's class hold in the new cube
	// through its fence (the relation is transitively closed), and the
	// rest of the class is still checked: a read after the fenced one must
	// be after its image.
	after := mk([]translate.Event{fence, rx, other}, [][2]int{{0, 2}, {1, 2}}, [][2]int{{0, 1}})
	require.True(t, relaxed(mk([]translate.Event{fence, rx, other}, [][2]int{{0, 1}, {1, 2}}, nil)).includes(after.pattern()))
	require.False(t, relaxed(mk([]translate.Event{fence, rx, other}, [][2]int{{0, 1}, {0, 2}}, nil)).includes(after.pattern()))
}
