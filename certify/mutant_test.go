package certify_test

import (
	"testing"

	"github.com/cubew/cubew/certify"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// without returns c with the cube of node id dropped.
func without(t *testing.T, c *certify.Certificate, id int) *certify.Certificate {
	out := *c
	out.Cubes = nil
	for _, v := range c.Cubes {
		if v.Node != id {
			out.Cubes = append(out.Cubes, v)
		}
	}
	require.Len(t, out.Cubes, len(c.Cubes)-1, "node %d is in the certificate", id)
	return &out
}

// weakened returns c with the literals of transition name's guard that
// mention the variable drop removed.
func weakened(t *testing.T, c *certify.Certificate, name, drop string) *certify.Certificate {
	sys := *c.Sys
	sys.Transitions = append([]*translate.Transition(nil), c.Sys.Transitions...)
	changed := false
	for i, tr := range sys.Transitions {
		if tr.Name != name {
			continue
		}
		w := *tr
		w.Guard = nil
		for _, l := range tr.Guard {
			if l.L.Kind == translate.KState && l.L.Sym.Name == drop || l.R.Kind == translate.KState && l.R.Sym.Name == drop {
				changed = true
				continue
			}
			w.Guard = append(w.Guard, l)
		}
		sys.Transitions[i] = &w
	}
	require.True(t, changed, "transition %s reads %s in its guard", name, drop)
	out := *c
	out.Sys = &sys
	return &out
}

// nodeBy returns the node of the certificate that is the pre-image of
// parent by transition.
func nodeBy(t *testing.T, cubes []reach.InvariantCube, parent int, transition string) int {
	for _, v := range cubes {
		if v.Parent == parent && v.Transition == transition {
			return v.Node
		}
	}
	t.Fatalf("no pre-image of node %d by %s", parent, transition)
	return 0
}

// TestMutantsRejected proves that the check can fail: Peterson's
// certificate with a cube dropped, or with the turn test removed from
// enter_turn's guard, is rejected by both provers, at the obligation the
// mutation breaks, while the original is confirmed.
func TestMutantsRejected(t *testing.T) {
	c := prove(t, "../examples/peterson.cub")
	unsafeNode := c.Cubes[0].Node
	require.Zero(t, c.Cubes[0].Parent, "the first visited node is the unsafe cube")
	entered := nodeBy(t, c.Cubes, unsafeNode, "enter_free")
	mutants := []struct {
		name  string
		c     *certify.Certificate
		fails []string // the obligations that fail, exactly
	}{
		// node_8 (Flag[#1] = False && Pc[#1] = Critical && Pc[#2] = Rest)
		// leaves to the unsafe cube's other half.
		{"unsafe cube dropped", without(t, c, unsafeNode), []string{"transition leave: node_8", "unsafe: unsafe_1"}},
		{"pre-image by enter_free dropped", without(t, c, entered), []string{"transition enter_free: node_1"}},
		{"enter_turn without Turn = p", weakened(t, c, "enter_turn", "Turn"),
			[]string{"transition enter_turn: node_1", "transition enter_turn: node_3"}},
	}
	for _, p := range provers {
		require.Empty(t, failing(p.run(t, text(t, c))), "%s confirms the original", p.name)
	}
	for _, m := range mutants {
		t.Run(m.name, func(t *testing.T) {
			for _, p := range provers {
				var names []string
				for _, o := range p.run(t, text(t, m.c)) {
					if !o.Holds() {
						names = append(names, o.Obligation)
					}
				}
				require.Equal(t, m.fails, names, "the obligations %s rejects", p.name)
			}
		})
	}
}
