package fences

import (
	"context"
	"fmt"
	"slices"

	"github.com/cubew/cubew/decide"
	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// Options configures Synthesize. NewSolver is required; the zero value of
// the rest means TSO, no node limit per check, and the defaults below.
type Options struct {
	// Model is the weak memory model the fences must repair (TSO or PSO);
	// nil means TSO.
	Model memmodel.Model
	// NewSolver makes a solver for each check.
	NewSolver func() smt.Solver
	// MaxNodes bounds the nodes of each check (reach.Options.MaxNodes); a
	// check that reaches it is UNKNOWN and its fence set is not proved.
	MaxNodes int
	// MaxMatchSteps bounds the subsumption work of each check
	// (reach.Options.MaxMatchSteps): a diverging search slows down as its
	// cubes grow, so this ends it sooner than MaxNodes, on any machine
	// alike. A check that reaches it is UNKNOWN. 0: no limit.
	MaxMatchSteps int
	// Brab is the oracle size of each check's invariant inference
	// (decide.WithLazyOracle, candidates from the first node, at most
	// oracleStates states per instance): 0 means
	// DefaultBrab under a model that keeps writes in program order (SC,
	// TSO) and none under PSO, whose refuted candidates restart searches
	// often (as check's default); a negative value turns it off. Every
	// candidate is proved, so it never turns an UNSAFE set SAFE.
	Brab int
	// MaxChecks bounds the calls to decide.Check (0: DefaultMaxChecks).
	MaxChecks int
	// MaxSets stops the search once this many minimal sets are proved
	// (0: DefaultMaxSets).
	MaxSets int
	// Steps and MaxExecutions bound the bounded search for a concrete
	// counterexample behind an UNKNOWN check: each process fires at most
	// Steps transitions (0: DefaultSteps), each instance explores at most
	// MaxExecutions execution graphs (0: DefaultMaxExecutions).
	Steps         int
	MaxExecutions int
	// OnCheck, when set, is told about each check as it ends.
	OnCheck func(Check)
}

// The defaults of Options.
const (
	DefaultMaxChecks = 40
	DefaultMaxSets   = 8
	DefaultBrab      = 2
)

// oracleStates bounds the states of each instance the oracle of a check
// explores (the first ones, breadth first): a model without its fences
// can fill its store buffers without end, and a partial oracle only
// proposes candidates that the search then refutes.
const oracleStates = 2_000

// Position is a place for a fence: the guard of a transition.
type Position struct {
	// Index is the transition's index in syntax.Model.Transitions (file
	// order).
	Index      int
	Transition string
	Pos        syntax.Pos
}

// Set is a minimal fence set: with all its fences the model is SAFE for
// every number of processes (check Proof), without any one of them it is
// UNSAFE (NeededBy[i] is the check whose counterexample, replayed with
// every fence of the set but Positions[i], shows it).
type Set struct {
	Positions []Position
	// Source is the model with the fences inserted.
	Source   []byte
	Proof    int
	NeededBy []int
}

// Check is one call to decide.Check.
type Check struct {
	// Number counts the checks from 1.
	Number int
	// Model is the memory model checked; Fences the positions fenced on
	// top of the model's own fences.
	Model   string
	Fences  []Position
	Verdict translate.Verdict
	Reason  string
	Nodes   int
	// Witness, for an UNSAFE check, is its concrete counterexample with
	// Procs processes: the replayed trace of the parameterized check, or,
	// when Bounded is set, the execution the bounded engine found after
	// the parameterized check was UNKNOWN (Reason then says both). Nil
	// when decide could not build a concrete instance.
	Witness *dpor.Witness
	Procs   int
	Bounded bool
	// Conflict, for an UNSAFE check under the weak model, is the set of
	// positions a fence must take to cut its counterexample: every fence
	// set disjoint from it keeps that execution.
	Conflict []Position
	// Result is the parameterized check's answer, with its trace and
	// witness (UNKNOWN when Bounded is set).
	Result *decide.Result
}

// Outcome summarises a synthesis.
type Outcome int

// The outcomes of Synthesize.
const (
	// AlreadySafe: the model is SAFE under the weak model without fences.
	AlreadySafe Outcome = iota
	// Fixed: Sets holds at least one minimal fence set.
	Fixed
	// NoFix: no fence set helps, the model is UNSAFE under SC
	// (Counterexample is the SC check) or with a fence in every guard.
	NoFix
	// Unproved: no set was proved SAFE within the limits (Reason says
	// which); this is no claim that none exists.
	Unproved
)

var outcomeNames = [...]string{AlreadySafe: "already safe", Fixed: "fixed", NoFix: "no fence helps", Unproved: "unknown"}

func (o Outcome) String() string { return outcomeNames[o] }

// Result is what Synthesize found.
type Result struct {
	Outcome Outcome
	// Sets are the minimal sets proved, smallest first.
	Sets []Set
	// Complete tells that Sets lists every minimal fence set (no check
	// was UNKNOWN and no limit stopped the search).
	Complete bool
	// Reason explains an Unproved outcome or an incomplete list.
	Reason string
	// Counterexample is the check behind NoFix: UNSAFE under SC, or with
	// a fence in every place a counterexample could be cut.
	Counterexample *Check
	// Unknown lists the fence sets whose check was UNKNOWN.
	Unknown [][]Position
	// Positions lists every transition a fence may go to (those without
	// one in the model), Checks every call to decide.Check, in order.
	Positions []Position
	Checks    []Check
}

// Synthesize finds the minimal sets of fence() insertions into transition
// guards that make the model src (named name in positions) SAFE for every
// number of processes under opts.Model. Input errors come back as a
// syntax.ErrorList; when ctx is done the search stops with ctx's error.
//
// It is counterexample-guided: each UNSAFE check's replayed execution
// names the transitions that ran while their process had writes still in
// its store buffer; a fence in one of them cuts that execution. Candidates
// are the minimal hitting sets of those conflicts, checked smallest first
// until every minimal hitting set is proved SAFE, UNKNOWN, or the limits
// are reached. A set that meets every conflict and is SAFE is minimal:
// without any one of its fences some replayed counterexample still runs.
func Synthesize(ctx context.Context, name string, src []byte, opts Options) (*Result, error) {
	if opts.Model == nil {
		opts.Model = memmodel.Default(true) // tso
	}
	opts.MaxChecks = cmpOr(opts.MaxChecks, DefaultMaxChecks)
	opts.MaxSets = cmpOr(opts.MaxSets, DefaultMaxSets)
	opts.Steps = cmpOr(opts.Steps, DefaultSteps)
	opts.MaxExecutions = cmpOr(opts.MaxExecutions, DefaultMaxExecutions)
	m, err := syntax.ParseAndCheck(name, src, syntax.CheckOptions{})
	if err == nil {
		err = m.RequireProperty()
	}
	if err != nil {
		return nil, err
	}
	s := &synth{ctx: ctx, name: name, src: src, file: m.File, opts: opts, res: &Result{}}
	for i, t := range m.Transitions {
		if t.Guard == nil || !hasFence(t.Guard) {
			s.universe = append(s.universe, i)
			s.res.Positions = append(s.res.Positions, Position{Index: i, Transition: t.Name, Pos: t.Pos})
		}
	}
	if err := s.run(); err != nil {
		return nil, err
	}
	return s.res, nil
}

func cmpOr(v, def int) int {
	if v > 0 {
		return v
	}
	return def
}

// synth is one synthesis in progress.
type synth struct {
	ctx      context.Context
	name     string
	src      []byte
	file     *syntax.File
	opts     Options
	universe []int // the positions, sorted
	res      *Result
	// conflicts[i] came from check conflictOf[i].
	conflicts  [][]int
	conflictOf []int
	unknown    [][]int // the candidates whose check was UNKNOWN
}

// run drives the search: the model as written, SC, then candidates.
func (s *synth) run() error {
	first, err := s.check(nil, s.opts.Model)
	switch {
	case err != nil:
		return err
	case first.Verdict == translate.Safe:
		s.res.Outcome, s.res.Complete = AlreadySafe, true
		return nil
	case first.Verdict == translate.Unknown:
		s.res.Outcome, s.res.Reason = Unproved, "the model as written: "+first.Reason
		return nil
	}
	sc, err := s.check(nil, memmodel.Default(false)) // sequential consistency
	if err != nil {
		return err
	}
	if sc.Verdict == translate.Unsafe {
		s.res.Outcome, s.res.Complete, s.res.Counterexample = NoFix, true, sc
		return nil
	}
	for {
		if s.noHittingSet() {
			return nil
		}
		next := s.nextCandidate()
		if next == nil {
			s.finish("")
			return nil
		}
		if len(s.res.Sets) >= s.opts.MaxSets {
			s.finish(fmt.Sprintf("stopped after %d sets (the limit)", len(s.res.Sets)))
			return nil
		}
		if len(s.res.Checks) >= s.opts.MaxChecks {
			s.finish(fmt.Sprintf("stopped after %d checks (the limit)", len(s.res.Checks)))
			return nil
		}
		c, err := s.check(next, s.opts.Model)
		if err != nil {
			return err
		}
		switch c.Verdict {
		case translate.Safe:
			s.res.Sets = append(s.res.Sets, s.newSet(next, c.Number))
		case translate.Unknown:
			s.unknown = append(s.unknown, next)
			s.res.Unknown = append(s.res.Unknown, s.positions(next))
		}
	}
}

// noHittingSet ends the search with NoFix when some conflict is empty:
// its counterexample runs with a fence in every place.
func (s *synth) noHittingSet() bool {
	k := slices.IndexFunc(s.conflicts, func(c []int) bool { return len(c) == 0 })
	if k < 0 {
		return false
	}
	s.res.Outcome, s.res.Complete, s.res.Sets = NoFix, true, nil
	c := s.res.Checks[s.conflictOf[k]-1]
	s.res.Counterexample = &c
	return true
}

// nextCandidate returns the first minimal hitting set of the conflicts
// not checked yet, smallest first, nil when every one is. Sizes grow one
// at a time, so the enumeration stays as shallow as the answer.
func (s *synth) nextCandidate() []int {
	for size := 1; size <= len(s.universe); size++ {
		for _, h := range minimalHittingSets(s.conflicts, size) {
			done := slices.ContainsFunc(s.res.Sets, func(set Set) bool { return slices.Equal(indexes(set.Positions), h) }) ||
				slices.ContainsFunc(s.unknown, func(u []int) bool { return slices.Equal(u, h) })
			if !done {
				return h
			}
		}
	}
	return nil
}

// finish sets the outcome once the candidates are exhausted or a limit
// stopped the search (stop says which, "" when exhausted).
func (s *synth) finish(stop string) {
	slices.SortStableFunc(s.res.Sets, func(a, b Set) int { return compareSets(indexes(a.Positions), indexes(b.Positions)) })
	s.res.Outcome = Fixed
	if len(s.res.Sets) == 0 {
		s.res.Outcome = Unproved
	}
	s.res.Complete = stop == "" && len(s.res.Unknown) == 0
	switch {
	case stop != "":
		s.res.Reason = stop
	case len(s.res.Unknown) > 0:
		k := slices.IndexFunc(s.res.Checks, func(c Check) bool { return c.Verdict == translate.Unknown })
		s.res.Reason = fmt.Sprintf("candidate sets not proved (UNKNOWN): %d, the first: %s", len(s.res.Unknown), s.res.Checks[k].Reason)
	}
}

// newSet records a proved set with, for each fence, the check whose
// conflict only that fence meets.
func (s *synth) newSet(fences []int, proof int) Set {
	set := Set{Proof: proof}
	set.Source, _ = insertFences(s.src, s.file, fences) // it worked for the check
	set.Positions = s.positions(fences)
	for _, i := range fences {
		rest := slices.DeleteFunc(slices.Clone(fences), func(j int) bool { return j == i })
		c := slices.IndexFunc(s.conflicts, func(c []int) bool { return !meets(rest, c) })
		set.NeededBy = append(set.NeededBy, s.conflictOf[c])
	}
	return set
}

// positions returns the positions of the given transition indexes.
func (s *synth) positions(idx []int) []Position {
	out := []Position{}
	for _, i := range idx {
		k := slices.IndexFunc(s.res.Positions, func(p Position) bool { return p.Index == i })
		out = append(out, s.res.Positions[k])
	}
	return out
}

// indexes returns the transition indexes of positions.
func indexes(ps []Position) []int {
	out := make([]int, len(ps))
	for i, p := range ps {
		out[i] = p.Index
	}
	return out
}

// brab is the oracle size of the checks under mm (Options.Brab).
func (s *synth) brab(mm memmodel.Model) int {
	switch {
	case s.opts.Brab < 0:
		return 0
	case s.opts.Brab > 0:
		return s.opts.Brab
	case memmodel.WritesInProgramOrder(mm):
		return DefaultBrab
	}
	return 0
}

// check runs decide.Check on the model with fences at the given
// positions, under mm, and records it (with its conflict when UNSAFE
// under the weak model).
func (s *synth) check(fences []int, mm memmodel.Model) (*Check, error) {
	m, err := s.fenced(fences, !mm.Buffered())
	if err != nil {
		return nil, err
	}
	sys, err := translate.BuildContext(s.ctx, m)
	if err != nil {
		return nil, err
	}
	opts := reach.Options{Model: mm, NewSolver: s.opts.NewSolver, MaxNodes: s.opts.MaxNodes, MaxMatchSteps: s.opts.MaxMatchSteps}
	if n := s.brab(mm); n > 0 {
		// An oracle that cannot be explored leaves the search exact.
		opts, _ = decide.WithLazyOracle(s.ctx, m, mm, opts, n, oracleStates)
	}
	res, err := decide.Check(s.ctx, m, sys, opts)
	if err == nil {
		err = s.ctx.Err() // a stopped check is UNKNOWN: the whole search stops
	}
	if err != nil {
		return nil, err
	}
	c := Check{Number: len(s.res.Checks) + 1, Model: mm.Name(), Fences: s.positions(fences), Verdict: res.Verdict,
		Reason: res.Reason, Nodes: res.Stats.Nodes, Result: res, Witness: res.Witness}
	if res.Trace != nil {
		c.Procs = res.Trace.Procs
	}
	if res.Verdict == translate.Unknown {
		if err := s.refuteCheck(&c, m, mm); err != nil {
			return nil, err
		}
	}
	if c.Verdict == translate.Unsafe && mm.Buffered() {
		conflict, err := s.conflict(fences, m, c.Witness, c.Procs)
		if err != nil {
			return nil, err
		}
		c.Conflict = s.positions(conflict)
		s.conflicts = append(s.conflicts, conflict)
		s.conflictOf = append(s.conflictOf, c.Number)
	}
	s.res.Checks = append(s.res.Checks, c)
	if s.opts.OnCheck != nil {
		s.opts.OnCheck(c)
	}
	return &c, nil
}

// fenced parses and checks the model with fences at the given positions
// (under sc rules when sc is set), from its text: what is checked is what
// -w writes.
func (s *synth) fenced(fences []int, sc bool) (*syntax.Model, error) {
	text, err := insertFences(s.src, s.file, fences)
	if err != nil {
		return nil, err
	}
	m, err := syntax.ParseAndCheck(s.name, text, syntax.CheckOptions{SC: sc})
	if err != nil {
		return nil, fmt.Errorf("the model with fences at %v does not parse: %w", fences, err)
	}
	for _, i := range fences {
		if !topFence(m.Transitions[i].Guard) {
			return nil, fmt.Errorf("transition %s: the inserted fence is not a conjunct of its guard", m.Transitions[i].Name)
		}
	}
	return m, nil
}
