//go:build cgo

package reach

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/smt/front"
	"github.com/cubew/cubew/smt/z3"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// phaseFiles are the models of the per-phase benchmarks: a weak one whose
// time goes to pre-images and acyclicity, and a plain one whose time goes
// to subsumption; then the slow files of issue #20 the original takes
// over half a second on: arbiter_v2_N (weak, pre-images) and
// sense_barrier (plain, subsumption and fixpoint queries).
var phaseFiles = []struct {
	file string
	sc   bool
}{
	{"cubicle-w/cubtso/lamport_N.cub", false},
	{"cubicle/bakery_lamport.cub", true},
	{"cubicle-w/cubtso/arbiter_v2_N.cub", false},
	{"cubicle/sense_barrier.cub", true},
}

// phaseSolvers are the solvers the solver phases are measured with: Z3
// alone, and package front's built-in procedure before Z3 (what cubew
// check uses).
var phaseSolvers = []struct {
	name string
	make func() smt.Solver
}{
	{"z3", func() smt.Solver { return z3.New() }},
	{"front", func() smt.Solver {
		return front.New(func() (smt.Solver, error) { return z3.Open() }, front.Options{})
	}},
}

// phaseInput is what one search of a phase file visited: the system, its
// memory model and the nodes it popped, in order, each marked when it
// entered the visited set (then each later node was matched against it).
type phaseInput struct {
	sys     *translate.System
	mm      memmodel.Model
	visited []*node
	popped  []*node
	entered []bool // per popped node
}

// loadPhases runs the search on file once, keeping its graph.
func loadPhases(b testing.TB, file string, sc bool) *phaseInput {
	b.Helper()
	dir, err := corpus.Dir()
	if err != nil {
		b.Fatal(err)
	}
	m, err := syntax.Load(filepath.Join(dir, file), syntax.CheckOptions{SC: sc})
	if err != nil {
		b.Fatal(err)
	}
	sys, err := translate.Build(m)
	if err != nil {
		b.Fatal(err)
	}
	res, err := Check(context.Background(), sys, Options{NewSolver: phaseSolvers[0].make, KeepGraph: true, AssumeInvariants: true})
	if err != nil {
		b.Fatal(err)
	}
	in := &phaseInput{sys: sys, mm: searchModel(sys, memmodel.Or(nil, sys.Model != nil && sys.Model.Weak))}
	for _, g := range res.Graph {
		entered := g.Status == Visited || g.Status == Deleted
		in.popped = append(in.popped, g.node)
		in.entered = append(in.entered, entered)
		if entered {
			in.visited = append(in.visited, g.node)
		}
	}
	if len(in.visited) == 0 {
		b.Fatalf("%s: no visited node", file)
	}
	return in
}

// worker returns the one worker of a search engine over s with an empty
// visited set.
func (in *phaseInput) worker(s smt.Solver) *worker {
	e := &engine{sys: in.sys, opts: Options{Model: in.mm, Workers: 1}, ctx: context.Background(),
		seen: map[string]*node{}, index: newVisitedIndex(), bad: map[string]bool{}}
	return &worker{e: e, s: s, low: newLowerer(s, in.sys), budget: matchBudget}
}

// replay matches the popped nodes in order against the visited set as the
// search had it then (the nodes visited before), calling f with each
// result, and leaves every visited node in e's visited set.
func (in *phaseInput) replay(w *worker, f func(n *node, included bool, cands [][]translate.Literal)) {
	w.e.index = newVisitedIndex()
	for i, n := range in.popped {
		w.budget = matchBudget
		n.memo = nil // as visit leaves it
		inc, cands := w.includedIn(n)
		f(n, inc, cands)
		if in.entered[i] {
			w.e.index.add(n)
		}
	}
}

// BenchmarkPhase measures each phase of the search on the nodes of a real
// search, one sub-benchmark per phase and file, so that a regression shows
// where it is: pre-image (every visited node by every transition),
// canonical (the canonical form of every visited cube, its variables
// numbered backwards), match (the syntactic subsumption test and the
// candidates of every popped node), fixpoint (the solver's fixpoint check
// of every popped node with candidates, per solver), acyclic (the
// bit-set ghb check of every visited cube) and acyclic-smt (the rank
// encoding of every visited cube's ghb checked by the solver).
func BenchmarkPhase(b *testing.B) {
	for _, f := range phaseFiles {
		name := strings.TrimSuffix(filepath.Base(f.file), ".cub")
		in := loadPhases(b, f.file, f.sc)
		b.Run("preimage/"+name, func(b *testing.B) { benchPreImage(b, in) })
		b.Run("canonical/"+name, func(b *testing.B) { benchCanonical(b, in) })
		b.Run("match/"+name, func(b *testing.B) { benchMatch(b, in) })
		for _, sv := range phaseSolvers {
			b.Run("fixpoint/"+sv.name+"/"+name, func(b *testing.B) { benchFixpoint(b, in, sv.make) })
		}
		b.Run("acyclic/"+name, func(b *testing.B) { benchAcyclic(b, in) })
		for _, sv := range phaseSolvers {
			b.Run("acyclic-smt/"+sv.name+"/"+name, func(b *testing.B) { benchAcyclicSMT(b, in, sv.make) })
		}
	}
}

func benchPreImage(b *testing.B, in *phaseInput) {
	pres := 0
	for b.Loop() {
		pres = 0
		for _, n := range in.visited {
			for _, t := range in.sys.Transitions {
				ps, err := preImages(n.cube, t, in.sys.NumProcs, in.mm, ownedArrays(in.sys), nil)
				if err != nil {
					b.Fatal(err)
				}
				pres += len(ps)
			}
		}
	}
	b.ReportMetric(float64(pres), "pre-images/op")
}

func benchCanonical(b *testing.B, in *phaseInput) {
	type input struct {
		lits   []translate.Literal
		events []translate.Event
		rel    translate.Rel
	}
	var ins []input
	for _, n := range in.visited {
		c := n.cube
		back := func(p translate.Proc) translate.Proc {
			if p.IsVar() {
				return translate.Proc(c.NVars+1) - p
			}
			return p
		}
		x := input{rel: c.Rel}
		for _, l := range c.Lits {
			x.lits = append(x.lits, l.Rename(back))
		}
		for _, e := range c.Events {
			x.events = append(x.events, e.Rename(back))
		}
		ins = append(ins, x)
	}
	for b.Loop() {
		for _, x := range ins {
			if _, _, _, ok := translate.Canonicalize(slices.Clone(x.lits), x.events, x.rel); !ok {
				b.Fatal("a visited cube became contradictory")
			}
		}
	}
	b.ReportMetric(float64(len(ins)), "cubes/op")
}

func benchMatch(b *testing.B, in *phaseInput) {
	s := z3.New()
	defer s.Close()
	w := in.worker(s)
	cands := 0
	for b.Loop() {
		cands = 0
		in.replay(w, func(_ *node, _ bool, cs [][]translate.Literal) { cands += len(cs) })
	}
	b.ReportMetric(float64(cands), "candidates/op")
}

func benchFixpoint(b *testing.B, in *phaseInput, newSolver func() smt.Solver) {
	s := newSolver()
	defer s.Close()
	w := in.worker(s)
	type query struct {
		n     *node
		cands [][]translate.Literal
	}
	var qs []query
	in.replay(w, func(n *node, inc bool, cs [][]translate.Literal) {
		if !inc {
			qs = append(qs, query{n, cs})
		}
	})
	covered := 0
	for b.Loop() {
		covered = 0
		for _, q := range qs {
			ok, err := w.covered(w.e.ctx, q.cands, q.n)
			if err != nil {
				b.Fatal(err)
			}
			if ok {
				covered++
			}
		}
	}
	b.ReportMetric(float64(len(qs)), "queries/op")
	b.ReportMetric(float64(covered), "covered/op")
}

func benchAcyclic(b *testing.B, in *phaseInput) {
	for b.Loop() {
		for _, n := range in.visited {
			if !n.cube.Rel.Acyclic() {
				b.Fatal("a visited cube has a cyclic ghb")
			}
		}
	}
	b.ReportMetric(float64(len(in.visited)), "cubes/op")
}

func benchAcyclicSMT(b *testing.B, in *phaseInput, newSolver func() smt.Solver) {
	s := newSolver()
	defer s.Close()
	base := s.Mark()
	for b.Loop() {
		for _, n := range in.visited {
			r := n.cube.Rel
			var lt, eq [][2]int
			for i := range r.After {
				for j := range r.After {
					if r.Lt(i, j) {
						lt = append(lt, [2]int{i, j})
					} else if i < j && r.Eq(i, j) {
						eq = append(eq, [2]int{i, j})
					}
				}
			}
			res, err := s.CheckAssumptions(context.Background(), AcyclicFormula(s, "r", len(r.After), lt, eq))
			if err != nil || res != smt.Sat {
				b.Fatalf("a visited cube's ghb: %s, %v", res, err)
			}
			s.Release(base)
		}
	}
	b.ReportMetric(float64(len(in.visited)), "cubes/op")
}
