//go:build cgo

package front_test

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/smt/front"
	"github.com/cubew/cubew/smt/z3"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// vocabulary is what the random queries are made of: process constants
// (integers, pairwise distinct or not), process literals, an enumeration,
// Booleans and arrays of both indexed by processes.
type vocabulary struct {
	s     smt.Solver
	procs []smt.Term
	enum  []smt.Term
	bools []smt.Term
	arr   smt.Func // Int -> enum
	flag  smt.Func // Int -> Bool
	x     smt.Term // an enum variable
	n     smt.Term // an integer counter
	level smt.Func // Int -> Int, compared with offsets when diff is set
	diff  bool
}

func newVocabulary(s smt.Solver) *vocabulary {
	v := &vocabulary{s: s}
	srt, vals := s.EnumSort("state", []string{"Idle", "Want", "Crit"})
	v.enum = vals
	v.arr = s.FuncDecl("A", []smt.Sort{s.IntSort()}, srt)
	v.flag = s.FuncDecl("F", []smt.Sort{s.IntSort()}, s.BoolSort())
	v.x = s.Const("X", srt)
	v.n = s.Const("N", s.IntSort())
	v.level = s.FuncDecl("L", []smt.Sort{s.IntSort()}, s.IntSort())
	for i := range 3 {
		v.procs = append(v.procs, s.Const(fmt.Sprintf("p%d", i+1), s.IntSort()))
	}
	v.procs = append(v.procs, s.Int(-1), s.Int(-2))
	v.bools = []smt.Term{s.Const("b1", s.BoolSort()), s.Const("b2", s.BoolSort())}
	return v
}

// literal returns a random atom or its negation.
func (v *vocabulary) literal(r *rand.Rand) smt.Term {
	s := v.s
	p := func() smt.Term { return v.procs[r.IntN(len(v.procs))] }
	var a smt.Term
	kinds := 9
	if v.diff {
		kinds = 12
	}
	switch r.IntN(kinds) {
	case 0:
		a = s.Eq(p(), p())
	case 1:
		a = s.Eq(s.Apply(v.arr, p()), v.enum[r.IntN(len(v.enum))])
	case 2:
		a = s.Eq(s.Apply(v.arr, p()), s.Apply(v.arr, p()))
	case 3:
		a = s.Apply(v.flag, p())
	case 4:
		a = s.Eq(v.x, s.Ite(v.bools[r.IntN(2)], s.Apply(v.arr, p()), v.enum[r.IntN(len(v.enum))]))
	case 5:
		a = s.Lt(p(), p())
	case 6:
		a = s.Le(s.Int(int64(r.IntN(3)-2)), p())
	case 7: // a counter shifted by a constant, against a literal
		k, l := s.Int(int64(r.IntN(3)-1)), s.Int(int64(r.IntN(3)))
		a = []smt.Term{s.Lt(l, s.Add(v.n, k)), s.Le(s.Sub(v.n, k), l), s.Eq(s.Add(k, v.n), l)}[r.IntN(3)]
	case 8:
		a = s.Iff(v.bools[r.IntN(2)], s.Apply(v.flag, p()))
	default: // difference constraints over array cells, the counter and literals
		a = v.difference(r, p)
	}
	if r.IntN(3) == 0 {
		return s.Not(a)
	}
	return a
}

// difference returns t1 + k1 ⋈ t2 + k2 with ⋈ one of =, <, ≤, >, ≥,
// small offsets (written as +, − or none) and terms array cells, the
// counter N or literals.
func (v *vocabulary) difference(r *rand.Rand, p func() smt.Term) smt.Term {
	s := v.s
	side := func() smt.Term {
		var x smt.Term
		switch r.IntN(5) {
		case 0:
			x = v.n
		case 1:
			return s.Int(int64(r.IntN(5) - 1))
		default:
			x = s.Apply(v.level, p())
		}
		switch k := int64(r.IntN(5) - 2); r.IntN(3) {
		case 0:
			return s.Add(x, s.Int(k))
		case 1:
			return s.Sub(x, s.Int(k))
		}
		return x
	}
	ops := []func(smt.Term, smt.Term) smt.Term{s.Eq, s.Lt, s.Le, s.Gt, s.Ge}
	return ops[r.IntN(len(ops))](side(), side())
}

func (v *vocabulary) cube(r *rand.Rand, n int) []smt.Term {
	c := make([]smt.Term, n)
	for i := range c {
		c[i] = v.literal(r)
	}
	return c
}

// TestRandomQueriesAgreeWithZ3 asks the shapes of the search's queries (a
// cube, with or without distinct processes, and the negations of other
// cubes, as in a fixpoint check; equalities, orderings of processes and
// literals, counters shifted by constants) of the front solver in Verify
// mode, which
// re-checks every built-in answer with Z3 and panics on a disagreement,
// and of a plain Z3 solver; the answers must be equal, and the built-in
// procedure must answer them all (nothing here is outside its fragment).
func TestRandomQueriesAgreeWithZ3(t *testing.T) {
	agreeOnRandomQueries(t, 1500, false)
}

// TestRandomDifferenceQueriesAgreeWithZ3 is TestRandomQueriesAgreeWithZ3
// with difference constraints too (t1 + k1 ⋈ t2 + k2 over array cells, a
// counter and literals, under any Boolean structure); every query must
// stay in the built-in fragment, and the answers must be Z3's.
func TestRandomDifferenceQueriesAgreeWithZ3(t *testing.T) {
	agreeOnRandomQueries(t, 1500, true)
}

// agreeOnRandomQueries asks queries random queries of the front solver
// and of Z3 (see TestRandomQueriesAgreeWithZ3).
func agreeOnRandomQueries(t *testing.T, queries int, diff bool) {
	r := rand.New(rand.NewPCG(20, 5))
	fs := front.New(z3.Backend, front.Options{Verify: true, Budget: 1 << 30})
	defer fs.Close()
	zs := z3.New()
	defer zs.Close()
	fv, zv := newVocabulary(fs), newVocabulary(zs)
	fv.diff, zv.diff = diff, diff
	ctx := context.Background()
	counts := map[smt.Result]int{}
	for i := range queries {
		seed := r.Uint64()
		ask := func(s smt.Solver, v *vocabulary) smt.Result {
			r := rand.New(rand.NewPCG(seed, uint64(i)))
			m := s.Mark()
			defer s.Release(m)
			s.Push()
			defer s.Pop(1)
			if r.IntN(2) == 0 {
				s.Assert(s.Distinct(v.procs[:3]...))
			}
			for range r.IntN(4) {
				s.Assert(s.Not(s.And(v.cube(r, 1+r.IntN(3))...)))
			}
			res, err := s.CheckAssumptions(ctx, v.cube(r, 1+r.IntN(5))...)
			require.NoError(t, err)
			return res
		}
		got, want := ask(fs, fv), ask(zs, zv)
		require.Equal(t, want, got, "query %d", i)
		counts[got]++
	}
	st := fs.Stats()
	t.Logf("%d queries: %d sat, %d unsat; built-in answered %d", queries, counts[smt.Sat], counts[smt.Unsat], st.Builtin)
	require.Equal(t, queries, st.Checks)
	require.Equal(t, queries, st.Builtin, "every query is in the fragment")
	require.Greater(t, counts[smt.Sat], queries/10)
	require.Greater(t, counts[smt.Unsat], queries/10)
}

// maxOriginalSeconds selects the corpus files of the agreement test:
// those the original tool decides within this time (on one of our
// machines), which cubew decides in well under a second each.
const maxOriginalSeconds = 1.0

// TestCorpusQueriesAgreeWithZ3 runs the search on every corpus file with a
// reference verdict that the original decides within maxOriginalSeconds,
// with the front solver in Verify mode (every built-in answer re-checked by
// Z3; a disagreement panics), checks the verdicts against expected.tsv and
// reports, per memory model, which share of the checks the built-in
// procedure answered.
func TestCorpusQueriesAgreeWithZ3(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err)
	entries, err := corpus.Expected(dir)
	require.NoError(t, err)
	type share struct{ files, checks, builtin int }
	shares := map[string]*share{"sc": {}, "tso": {}}
	for _, e := range entries {
		if e.Expected == "?" || e.OriginalSeconds == 0 || e.OriginalSeconds > maxOriginalSeconds {
			continue
		}
		m, err := syntax.Load(filepath.Join(dir, e.File), syntax.CheckOptions{SC: e.Model == "sc"})
		require.NoError(t, err)
		sys, err := translate.Build(m)
		require.NoError(t, err)
		var st smt.Stats
		newSolver := func() smt.Solver { return &statsSolver{front.New(z3.Backend, front.Options{Verify: true}), &st} }
		res, err := reach.Check(context.Background(), sys, reach.Options{NewSolver: newSolver, MaxNodes: 5000, AssumeInvariants: true})
		require.NoError(t, err)
		require.Equal(t, e.Expected, res.Verdict.String(), e.File)
		sh := shares[e.Model]
		sh.files, sh.checks, sh.builtin = sh.files+1, sh.checks+st.Checks, sh.builtin+st.Builtin
		t.Logf("%s: %s, %d checks, %d built-in", e.File, res.Verdict, st.Checks, st.Builtin)
	}
	for _, model := range []string{"sc", "tso"} {
		sh := shares[model]
		t.Logf("%s: %d files, %d checks, %d built-in (%.0f%%)", model, sh.files, sh.checks, sh.builtin, 100*float64(sh.builtin)/float64(max(sh.checks, 1)))
		require.Positive(t, sh.builtin, model)
	}
	require.Equal(t, 17, shares["sc"].files, "sc files checked")
	require.Equal(t, 31, shares["tso"].files, "tso files checked")
}

// smallModels are the small corpus files of issue 20, whose run time is
// mostly fixed cost.
var smallModels = []string{
	"cubicle-w/cubtso/mutex_N.cub", "cubicle-w/cubtso/spinlock_N.cub", "cubicle-w/cubtso/arbiter_v1_N.cub",
	"cubicle-w/cubtso/sense_rev_N.cub", "cubicle/bakery.cub", "cubicle/dekker.cub", "cubicle/synapse.cub",
	"cubicle/mutex.cub", "cubicle/xerox_dragon.cub",
}

// differenceModels are corpus files whose checks compare integer array
// cells with offsets (Level[i] + 1 <> Level[j], ticket arithmetic), with
// their verdicts.
var differenceModels = map[string]translate.Verdict{
	"cubicle/sense_barrier.cub": translate.Safe, "cubicle/bakery_lamport.cub": translate.Safe,
	"cubicle/bakery_lamport_bogus.cub": translate.Unsafe,
}

// TestSmallModelsNeedNoZ3 searches the small corpus files and those of
// differenceModels as cubew check does, and checks the verdicts and that
// no search made a Z3 solver: every check stayed in the built-in
// procedure's fragment and budget.
func TestSmallModelsNeedNoZ3(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err)
	want := maps.Clone(differenceModels)
	for _, file := range smallModels {
		want[file] = translate.Safe
	}
	ran := 0
	for _, file := range slices.Sorted(maps.Keys(want)) {
		sc := strings.HasPrefix(file, "cubicle/")
		m, err := syntax.Load(filepath.Join(dir, file), syntax.CheckOptions{SC: sc})
		require.NoError(t, err)
		sys, err := translate.Build(m)
		require.NoError(t, err)
		made := 0
		newSolver := func() smt.Solver {
			made++
			return &backendProbe{Solver: front.New(z3.Backend, front.Options{})}
		}
		res, err := reach.Check(context.Background(), sys, reach.Options{NewSolver: newSolver, MaxNodes: 5000, AssumeInvariants: true})
		require.NoError(t, err)
		require.Equal(t, want[file], res.Verdict, file)
		require.Positive(t, made, file)
		ran++
	}
	require.Equal(t, len(smallModels)+3, ran)
}

// backendProbe fails the test, when closed, if its solver made a backend.
type backendProbe struct {
	*front.Solver
	closed bool
}

func (p *backendProbe) Close() {
	if !p.closed && p.Solver.Backend() {
		panic("front: a small model's search made a Z3 solver")
	}
	p.closed = true
	p.Solver.Close()
}

// statsSolver adds its solver's statistics into into when it is closed.
type statsSolver struct {
	smt.Solver
	into *smt.Stats
}

func (s *statsSolver) Close() {
	st := s.Solver.Stats()
	s.into.Checks += st.Checks
	s.into.Builtin += st.Builtin
	s.Solver.Close()
}

// BenchmarkDifferenceQueries times the built-in procedure alone (no
// backend) on the random queries of TestRandomDifferenceQueriesAgreeWithZ3,
// 200 per iteration; it fails if one leaves the procedure.
func BenchmarkDifferenceQueries(b *testing.B) {
	const queries = 200
	noBackend := func() (smt.Solver, error) { return nil, fmt.Errorf("no backend in this benchmark") }
	fs := front.New(noBackend, front.Options{})
	defer fs.Close()
	v := newVocabulary(fs)
	v.diff = true
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		r := rand.New(rand.NewPCG(20, 5))
		for range queries {
			m := fs.Mark()
			fs.Push()
			fs.Assert(fs.Distinct(v.procs[:3]...))
			for range r.IntN(4) {
				fs.Assert(fs.Not(fs.And(v.cube(r, 1+r.IntN(3))...)))
			}
			if _, err := fs.CheckAssumptions(ctx, v.cube(r, 1+r.IntN(5))...); err != nil {
				b.Fatal(err)
			}
			fs.Pop(1)
			fs.Release(m)
		}
	}
	b.ReportMetric(queries, "queries/op")
}
