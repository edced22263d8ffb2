package certify_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cubew/cubew/certify"
	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/memmodel"
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

// changed returns c with transition name changed by f (every disjunct).
func changed(t *testing.T, c *certify.Certificate, name string, f func(*translate.Transition) bool) *certify.Certificate {
	sys := *c.Sys
	sys.Transitions = append([]*translate.Transition(nil), c.Sys.Transitions...)
	done := false
	for i, tr := range sys.Transitions {
		if tr.Name == name {
			w := *tr
			done = f(&w) || done
			sys.Transitions[i] = &w
		}
	}
	require.True(t, done, "transition %s changed", name)
	out := *c
	out.Sys = &sys
	return &out
}

// weakened returns c with the literals of transition name's guard that
// read the variable drop (plain or weak) removed.
func weakened(t *testing.T, c *certify.Certificate, name, drop string) *certify.Certificate {
	reads := func(x *translate.Term) bool {
		return (x.Kind == translate.KState || x.Kind == translate.KRead) && x.Sym.Name == drop
	}
	return changed(t, c, name, func(w *translate.Transition) bool {
		guard := w.Guard
		w.Guard = nil
		for _, l := range guard {
			if !reads(l.L) && !reads(l.R) {
				w.Guard = append(w.Guard, l)
			}
		}
		return len(w.Guard) < len(guard)
	})
}

// unfenced returns c with the fence of transition name's guard removed.
func unfenced(t *testing.T, c *certify.Certificate, name string) *certify.Certificate {
	return changed(t, c, name, func(w *translate.Transition) bool {
		had := w.Fence
		w.Fence = false
		return had
	})
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

// mutant is a certificate changed so that some obligations fail: exactly
// those of fails.
type mutant struct {
	name  string
	c     *certify.Certificate
	fails []string
}

// requireRejected confirms the original certificate with every prover and
// requires each mutant to fail exactly its obligations with each.
func requireRejected(t *testing.T, original *certify.Certificate, mutants []mutant) {
	ps := provers(t)
	outs, _ := runAll(t, ps, text(t, original))
	for i, p := range ps {
		require.Empty(t, failing(outs[i]), "%s confirms the original", p.name)
	}
	for _, m := range mutants {
		t.Run(m.name, func(t *testing.T) {
			outs, _ := runAll(t, ps, text(t, m.c))
			for i, p := range ps {
				var names []string
				for _, o := range outs[i] {
					if !o.Holds() {
						names = append(names, o.Obligation)
					}
				}
				require.Equal(t, m.fails, names, "the obligations %s rejects", p.name)
			}
		})
	}
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
	requireRejected(t, c, []mutant{
		// node_8 (Flag[#1] = False && Pc[#1] = Critical && Pc[#2] = Rest)
		// leaves to the unsafe cube's other half.
		{"unsafe cube dropped", without(t, c, unsafeNode), []string{"transition leave: node_8", "unsafe: unsafe_1"}},
		{"pre-image by enter_free dropped", without(t, c, entered), []string{"transition enter_free: node_1"}},
		{"enter_turn without Turn = p", weakened(t, c, "enter_turn", "Turn"),
			[]string{"transition enter_turn: node_1", "transition enter_turn: node_3"}},
	})
}

// TestWeakMutantsRejected does the same with event-explicit certificates
// under TSO: the spin lock without the cube whose read of Lock the
// locked acquire needs, or with acquire no longer reading Lock (a plain
// buffered write: two processes take the lock); store buffering with
// the fence of t1_2 removed (both reads may then miss both writes; the
// failing obligations are the symmetry images of nodes 2 and 4 under
// #1<->#2, X<->Y, reach/datasym.go, and node 1).
func TestWeakMutantsRejected(t *testing.T) {
	spin := proveUnder(t, "../examples/spin_lock.cub", memmodel.TSO)
	require.Len(t, spin.Cubes, 2)
	t.Run("spin_lock", func(t *testing.T) {
		requireRejected(t, spin, []mutant{
			{"pre-image by acquire dropped", without(t, spin, nodeBy(t, spin.Cubes, spin.Cubes[0].Node, "acquire")),
				[]string{"transition acquire: node_1"}},
			{"acquire without Lock = False", weakened(t, spin, "acquire", "Lock"),
				[]string{"transition acquire: node_1"}},
		})
	})
	dir, err := corpus.Dir()
	require.NoError(t, err)
	sb := proveUnder(t, filepath.Join(dir, "cubicle-w/litmus/sb_s.cub"), memmodel.TSO)
	t.Run("sb_s", func(t *testing.T) {
		requireRejected(t, sb, []mutant{
			{"t1_2 without its fence", unfenced(t, sb, "t1_2"), []string{"transition t1_2: node_1", "transition t1_2: node_2_image_1", "transition t1_2: node_4_image_1"}},
		})
	})
}

// TestPSOMutantsRejected does the same under PSO: the spin lock (one
// weak location: writes in program order) gets a pso certificate, which
// both provers confirm and reject with acquire's read of Lock removed.
func TestPSOMutantsRejected(t *testing.T) {
	spin := proveUnder(t, "../examples/spin_lock.cub", memmodel.PSO)
	require.Contains(t, text(t, spin), "(pso, event-explicit encoding)")
	requireRejected(t, spin, []mutant{
		{"acquire without Lock = False", weakened(t, spin, "acquire", "Lock"),
			[]string{"transition acquire: node_1"}},
	})
}

// TestPSOReorderingMutantsRejected: certificates under PSO with writes
// out of program order. Store buffering with fences (sb_fenced) is
// confirmed by both provers, and rejected without its unsafe cube or with
// the fence of read_y removed. The TSO proofs of the litmus tests that
// PSO breaks by reordering two writes of a process (mp, 2+2w, co_order:
// SAFE under tso, UNSAFE under pso), stated under PSO, are rejected: the
// encoding lets the writes reach memory out of program order.
func TestPSOReorderingMutantsRejected(t *testing.T) {
	sb := proveUnder(t, "../examples/litmus/sb_fenced.cub", memmodel.PSO)
	require.Contains(t, text(t, sb), "may reach memory out of program\n; order")
	t.Run("sb_fenced", func(t *testing.T) {
		requireRejected(t, sb, []mutant{
			{"unsafe cube dropped", without(t, sb, sb.Cubes[0].Node), []string{"unsafe: unsafe_1"}},
			{"read_y without its fence", unfenced(t, sb, "read_y"),
				[]string{"transition read_y: node_1", "transition read_y: node_3", "transition read_y: node_6"}},
		})
	})
	// Z3 finds the counter-models (sat); cvc5 does not prove them (its
	// answer with quantifiers is unknown).
	for _, tc := range []struct {
		name  string
		fails []string
	}{
		{"mp", []string{"transition write_data: node_10"}},
		// 2+2w's tso search uses its symmetry (#1<->#2 with X<->Y,
		// reach/datasym.go): the images of nodes 2, 3 and 4 fail as they do.
		{"2+2w", []string{"transition a_y: node_2", "transition a_y: node_3_image_1", "transition a_y: node_4", "transition a_y: node_4_image_1",
			"transition b_x: node_2_image_1", "transition b_x: node_3", "transition b_x: node_4", "transition b_x: node_4_image_1"}},
		{"co_order", []string{"transition b_x: node_1", "transition b_x: node_2"}},
	} {
		c := proveUnder(t, "../examples/litmus/"+tc.name+".cub", memmodel.TSO)
		c.Model = memmodel.PSO
		t.Run(tc.name+" tso proof under pso", func(t *testing.T) {
			for _, p := range provers(t) {
				outs, err := p.run(t.TempDir(), text(t, c))
				require.NoError(t, err)
				var names []string
				for _, o := range outs {
					if !o.Holds() {
						names = append(names, o.Obligation)
						require.True(t, p.name != "z3" || o.Answer == "sat", "z3 refutes %s", o.Obligation)
					}
				}
				require.Equal(t, tc.fails, names, "the obligations %s rejects", p.name)
			}
		})
	}
}

// TestPSOFenceKeptWithItsClass: under pso the search's matcher may
// include a pre-image in a cube whose fence is ghb-equal to its read by a
// fence before the read (fenceEarlier), which the encoding's equal times
// do not state (reach.ErrFenceMoved). flag_mutex_fenced needed it while
// collection could drop a fence from its transition's class; since reach
// keeps the classes whole (collect.go, wholeClasses) its search covers
// every pre-image without moving a fence, and its certificate is written.
func TestPSOFenceKeptWithItsClass(t *testing.T) {
	c := proveUnder(t, "../cmd/cubew/testdata/flag_mutex_fenced.cub", memmodel.PSO)
	var b strings.Builder
	require.NoError(t, certify.Write(&b, c))
	require.Len(t, certify.Obligations(b.String()), 53)
}

// TestKeptCellsCertified: a case update of a weak array that keeps the
// other cells reads them and writes them back in one locked step
// (keep_cells.cub's raise: F[j] := case | j = p : True | _ : F[j]). Its
// tso certificate is confirmed by both provers. Its mutants are rejected
// by Z3 within a small rlimit (at the tests' 20 million units each
// mutant takes Z3 a minute, and cvc5 does not finish the second in 100
// s): without its unsafe cube (unsafe_1 refuted, and leave: node_6,
// whose pre-image that cube covered, unknown), and with raise's update
// made the one-cell F[p] := True, which reads nothing: a buffered write,
// under which two processes enter (store buffering; cubew answers
// UNSAFE for that model).
func TestKeptCellsCertified(t *testing.T) {
	c := proveUnder(t, "testdata/keep_cells.cub", memmodel.TSO)
	oneCell := changed(t, c, "raise", func(w *translate.Transition) bool {
		for i, u := range w.Updates {
			if u.Sym.Weak && u.Default != nil {
				one := *u
				one.Default, one.Cell = nil, []translate.Proc{translate.ParamBase}
				w.Updates = append(slices.Clone(w.Updates[:i]), append([]*translate.Update{&one}, w.Updates[i+1:]...)...)
				return true
			}
		}
		return false
	})
	requireRejectedBy(t, c, 49, []mutant{
		{"unsafe cube dropped", without(t, c, c.Cubes[0].Node), []string{"transition leave: node_6: unknown", "unsafe: unsafe_1: sat"}},
		{"raise without its kept cells", oneCell,
			[]string{"transition raise: node_3: unknown", "transition raise: node_9: unknown", "transition raise: node_30: unknown"}},
	})
}

// requireRejectedBy confirms the original certificate (its obligations
// in number) with every prover, and requires Z3 within mutantRlimit to
// answer each mutant's fails ("OBLIGATION: ANSWER") and prove the rest.
func requireRejectedBy(t *testing.T, original *certify.Certificate, obligations int, mutants []mutant) {
	outs, _ := runAll(t, provers(t), text(t, original))
	for _, o := range outs {
		require.Len(t, o, obligations)
		require.Empty(t, failing(o), "the original holds")
	}
	for _, m := range mutants {
		t.Run(m.name, func(t *testing.T) { require.Equal(t, m.fails, z3Failing(t, text(t, m.c))) })
	}
}

// z3Failing lists the obligations of script that Z3 does not prove
// within mutantRlimit, as "OBLIGATION: ANSWER".
func z3Failing(t *testing.T, script string) []string {
	outs, err := certify.Z3(context.Background(), script, mutantRlimit)
	require.NoError(t, err)
	var out []string
	for _, o := range outs {
		if !o.Holds() {
			out = append(out, o.Obligation+": "+o.Answer)
		}
	}
	return out
}

// mutantRlimit is Z3's rlimit per obligation for mutants whose broken
// obligations it does not refute quickly: enough for every obligation
// the mutation leaves intact.
const mutantRlimit = 1_000_000
