package reach

import (
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// A symmetry is a permutation of the process constants #1..#N that maps
// the system onto itself: its initial formula, its set of transitions
// (names aside) and its invariant cubes. Cubicle treats `#n` in a cube as
// one of the cube's variables and so subsumes modulo every permutation of
// them; cubew keeps them fixed (a model need not be symmetric) and uses
// only the permutations the system allows.
//
// Why the visited set may then cover a node through a symmetric image of
// itself. Let G be the symmetries and U the union of the visited cubes.
// For π in G, pre(π(S)) = π(pre(S)) for every set of states S, because
// the transitions, as a set, are π-invariant, and so is the memory model
// (it names no process); init ∩ π(S) = π(init ∩ S), because init is
// π-invariant. The search asks that every pre-image of a visited cube be
// covered by G·U = ∪_π π(U) (the visited cubes and their images) and that
// no visited cube meet init. Then G·U is closed under pre-image (pre(π(V))
// = π(pre(V)) ⊆ π(G·U) = G·U) and meets no initial state (π(V) ∩ init =
// π(V ∩ init) = ∅): its complement is an inductive invariant excluding
// the unsafe cubes, which are in U. The images are listed in the SAFE
// answer's Invariant (InvariantCube.Image), so the certificate states
// G·U itself. Invariants trusted with AssumeInvariants restrict the
// states considered; G maps them onto themselves, so the argument holds
// within them. PSO is left out: its searches keep coherence obligations
// of satisfied reads (obligation.go) that this argument does not cover.
//
// A symmetry may also rename the model's variables and numbers
// (datasym.go, with its argument).
type symmetry struct {
	procs []translate.Proc // procs[k] is the image of #(k+1)
	data  *dataMap         // nil: variables and numbers stay
}

// rename maps process constants by s and leaves every other process.
func (s symmetry) rename(p translate.Proc) translate.Proc {
	if k := int(-p) - 1; p.IsConst() && k < len(s.procs) {
		return s.procs[k]
	}
	return p
}

func (s symmetry) renamer() renamer { return renamer{proc: s.rename, data: s.data} }

// image returns c renamed by s, nil as renameCube.
func (s symmetry) image(c *translate.Cube) *translate.Cube { return renameCube(c, s.renamer()) }

// maxSymmetryProcs bounds the constants whose permutations are tried
// (6! = 720 candidate permutations).
const maxSymmetryProcs = 6

// symmetries returns the symmetries of sys other than the identity that
// move only the constants the model mentions (no cube holds another),
// with the data renamings of dataMaps when the permutations of both are
// few enough; none under PSO.
func symmetries(sys *translate.System, mm memmodel.Model) []symmetry {
	if mm != nil && mm.Name() == "pso" {
		return nil
	}
	consts := mentionedConsts(sys)
	if len(consts) > maxSymmetryProcs {
		consts = nil
	}
	id := symmetry{}
	if len(consts) > 0 {
		id.procs = make([]translate.Proc, -consts[0])
	}
	for k := range id.procs {
		id.procs[k] = translate.Proc(-(k + 1))
	}
	datas := dataMaps(sys)
	if len(datas)*factorial(len(consts)) > maxDataCandidates {
		datas = datas[:1]
	}
	if len(consts) < 2 && len(datas) < 2 {
		return nil
	}
	want := newSystemText(sys, id.renamer())
	var out []symmetry
	perm := slices.Clone(consts)
	translate.Permute(perm, 0, func(images []translate.Proc) {
		procs := slices.Clone(id.procs)
		moved := false
		for i, c := range consts {
			procs[-c-1] = images[i]
			moved = moved || images[i] != c
		}
		for _, d := range datas {
			s := symmetry{procs: procs, data: d}
			if (moved || d != nil) && want.mapsOnto(sys, s.renamer()) {
				out = append(out, s)
			}
		}
	})
	return out
}

func factorial(n int) int {
	f := 1
	for k := 2; k <= n; k++ {
		f *= k
	}
	return f
}

// mentionedConsts lists the process constants of sys's formulas, from the
// highest (#N, numbered -N) down.
func mentionedConsts(sys *translate.System) []translate.Proc {
	var out []translate.Proc
	walkSystem(sys, systemVisitor{
		lit: func(translate.Literal, int) {},
		term: func(t *translate.Term, _ int) {
			if t.Kind == translate.KLin {
				return // its base is visited on its own
			}
			for _, p := range t.Procs(nil) {
				if p.IsConst() && !slices.Contains(out, p) {
					out = append(out, p)
				}
			}
		},
		target: func(*syntax.Symbol) {},
	})
	slices.Sort(out)
	return out
}

// systemText is the text of a renaming of a system: its initial
// formula, its transitions (as a multiset, names and order aside) and its
// invariant cubes. Two renamings have the same text exactly when they
// map the system onto the same system.
type systemText struct {
	init, invariants string
	transitions      map[string]int // the text of each transition, with its count
}

func newSystemText(sys *translate.System, r renamer) *systemText {
	out := &systemText{init: initKey(sys, r), invariants: invariantsKey(sys, r), transitions: map[string]int{}}
	for _, t := range sys.Transitions {
		out.transitions[transitionKey(t, r)]++
	}
	return out
}

// mapsOnto reports whether sys renamed by r has the text x, stopping at
// the first part that differs (most renamings differ at once).
func (x *systemText) mapsOnto(sys *translate.System, r renamer) bool {
	if initKey(sys, r) != x.init {
		return false
	}
	left := maps.Clone(x.transitions)
	for _, t := range sys.Transitions {
		k := transitionKey(t, r)
		if left[k] == 0 {
			return false
		}
		left[k]--
	}
	return invariantsKey(sys, r) == x.invariants
}

func initKey(sys *translate.System, r renamer) string {
	var b strings.Builder
	b.WriteString("init " + strconv.Itoa(sys.Init.NParams))
	for _, d := range sys.Init.Distinct {
		b.WriteString(" " + strconv.Itoa(d[0]) + "/" + strconv.Itoa(d[1]))
	}
	b.WriteString(" " + dnfKey(sys.Init.DNF, r))
	return b.String()
}

// invariantsKey is the text of the invariant cubes renamed by r, "!"
// when a renamed cube is contradictory (never the identity's text).
func invariantsKey(sys *translate.System, r renamer) string {
	invs := make([]string, len(sys.Invariants))
	for i, inv := range sys.Invariants {
		c := renameCube(inv.Cube, r)
		if c == nil {
			return "!"
		}
		invs[i] = c.Key()
	}
	return sortedJoin(invs, " | ")
}

// transitionKey is the text of t renamed by f, without its name.
func transitionKey(t *translate.Transition, r renamer) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(t.NParams) + " " + strconv.Itoa(t.Acting) + " " +
		strconv.FormatBool(t.Fence) + " " + strconv.FormatBool(t.HasOther) + " " +
		conjKey(t.Guard, r) + " other " + dnfKey(t.Other, r))
	ups := make([]string, len(t.Updates))
	for i, u := range t.Updates {
		ups[i] = updateKey(u, r)
	}
	nondets := make([]string, len(t.Nondets))
	for i, s := range t.Nondets {
		nondets[i] = r.sym(s).Name
	}
	b.WriteString(" updates " + sortedJoin(ups, " ; ") + " nondets " + sortedJoin(nondets, " "))
	return b.String()
}

// updateKey is the text of u renamed by f; its branches keep their order
// (the first that holds wins).
func updateKey(u *translate.Update, r renamer) string {
	var b strings.Builder
	b.WriteString(r.sym(u.Sym).Name + " " + strconv.Itoa(u.NIdx) + " [")
	for _, p := range u.Cell {
		b.WriteString(" " + r.proc(p).String())
	}
	b.WriteString(" ]")
	for _, br := range u.Branches {
		b.WriteString(" | " + dnfKey(br.Cond, r) + " : " + termKey(br.Value, r))
	}
	b.WriteString(" | _ : " + termKey(u.Default, r))
	return b.String()
}

func termKey(t *translate.Term, r renamer) string {
	if t == nil {
		return "keep"
	}
	return r.term(t).Key()
}

// conjKey is the text of a conjunction renamed by f, its literals sorted.
func conjKey(lits []translate.Literal, r renamer) string {
	keys := make([]string, len(lits))
	for i, l := range lits {
		keys[i] = r.lit(l).Key()
	}
	return "(" + sortedJoin(keys, " && ") + ")"
}

// dnfKey is the text of a disjunction of conjunctions renamed by f, its
// disjuncts sorted.
func dnfKey(dnf [][]translate.Literal, r renamer) string {
	keys := make([]string, len(dnf))
	for i, c := range dnf {
		keys[i] = conjKey(c, r)
	}
	return "{" + sortedJoin(keys, " || ") + "}"
}

func sortedJoin(s []string, sep string) string {
	sort.Strings(s)
	return strings.Join(s, sep)
}

// renameCube returns c renamed by r, in canonical form (c itself when r
// changes none of its processes); nil when the
// canonical form finds the renamed literals contradictory, which a
// bijective renaming of a simplified cube should not make them.
func renameCube(c *translate.Cube, r renamer) *translate.Cube {
	changed := false
	lits := make([]translate.Literal, len(c.Lits))
	for i, l := range c.Lits {
		lits[i] = r.lit(l)
		changed = changed || lits[i] != l
	}
	events := make([]translate.Event, len(c.Events))
	for i, ev := range c.Events {
		events[i] = r.event(ev)
		changed = changed || events[i].Proc != ev.Proc || events[i].Loc != ev.Loc || !slices.Equal(events[i].Index, ev.Index)
	}
	if !changed {
		return c
	}
	out, _, _, ok := translate.Canonicalize(lits, events, c.Rel.Clone())
	if !ok {
		return nil
	}
	return out
}

// addVisited adds the visited node n to the index with its distinct
// symmetric images (other than n's own cube), and returns them all, n
// first. An image is no node of the search: it is never expanded nor
// counted, has n's id, and is deleted with n.
func (e *engine) addVisited(n *node) []*node {
	e.index.add(n)
	out := []*node{n}
	seen := map[string]bool{n.cube.Key(): true}
	for _, s := range e.syms {
		c := s.image(n.cube)
		if c == nil || seen[c.Key()] {
			continue
		}
		seen[c.Key()] = true
		img := &node{id: n.id, cube: c, depth: n.depth, image: len(n.images) + 1, inv: n.inv}
		n.images = append(n.images, img)
		e.index.add(img)
		out = append(out, img)
	}
	return out
}
