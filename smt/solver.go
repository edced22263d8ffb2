package smt

import (
	"context"
	"time"
)

// Sort is a handle to a sort (Bool, Int, an enumeration, …) made by a
// [Solver]. The zero Sort is never valid.
type Sort uint32

// Term is a handle to a term or formula made by a [Solver]. The zero Term is
// never valid: builders return it after a construction error.
type Term uint32

// Func is a handle to an uninterpreted function symbol made by
// [Solver.FuncDecl]. The zero Func is never valid.
type Func uint32

// Mark is a position in a Solver's term table, returned by [Solver.Mark]
// and given back to [Solver.Release].
type Mark uint32

// Stats counts the work a Solver has done since it was made.
type Stats struct {
	Checks  int           // checks that reached the solver
	Sat     int           // checks that returned Sat
	Unsat   int           // checks that returned Unsat
	Unknown int           // checks that returned Unknown (timeouts, cancellations, errors)
	Builtin int           // checks answered by a built-in procedure, without a backend solver (package smt/front)
	Steps   int           // evaluation steps of the built-in procedure's searches, answered or not (package smt/front)
	Time    time.Duration // wall time spent in those checks
}

// Count adds one check with result r that took d.
func (st *Stats) Count(r Result, d time.Duration) {
	st.Checks++
	st.Time += d
	switch r {
	case Sat:
		st.Sat++
	case Unsat:
		st.Unsat++
	default:
		st.Unknown++
	}
}

// Solver builds quantifier-free formulas and checks their satisfiability,
// incrementally. It is the engine's whole view of an SMT solver; package
// smt/z3 implements it with Z3.
//
// Builders (the sort, symbol and operator methods) never fail loudly: an
// ill-sorted construction returns the zero handle and records a sticky
// error, returned by [Solver.Err] and by every later check. A Solver is not
// safe for concurrent use; see the package documentation. Call Close when
// done: a Solver holds memory outside the Go heap, and any use after Close
// panics.
type Solver interface {
	// BoolSort returns the sort of formulas.
	BoolSort() Sort
	// IntSort returns the sort of mathematical integers.
	IntSort() Sort
	// RealSort returns the sort of real numbers.
	RealSort() Sort
	// EnumSort declares a finite sort whose only elements are the given
	// pairwise distinct values, and returns the sort and one constant per
	// value, in order. A term of the sort can take no other value. Cubicle
	// types and process identities are enumerations.
	EnumSort(name string, values []string) (Sort, []Term)
	// UninterpretedSort declares a sort with no structure: its elements are
	// only known to be equal or not.
	UninterpretedSort(name string) Sort

	// Const returns the constant with the given name and sort. The same
	// name and sort always give the same constant.
	Const(name string, s Sort) Term
	// FuncDecl declares an uninterpreted function, as used for arrays
	// indexed by processes and for event relations.
	FuncDecl(name string, domain []Sort, rng Sort) Func
	// Apply applies f to args.
	Apply(f Func, args ...Term) Term

	// True returns the formula true.
	True() Term
	// False returns the formula false.
	False() Term
	// Int returns the integer literal v.
	Int(v int64) Term
	// Real returns the real literal num/den; den must not be zero.
	Real(num, den int64) Term
	// Not returns ¬t.
	Not(t Term) Term
	// And returns the conjunction of ts; And() is true.
	And(ts ...Term) Term
	// Or returns the disjunction of ts; Or() is false.
	Or(ts ...Term) Term
	// Implies returns t ⇒ u.
	Implies(t, u Term) Term
	// Iff returns t ⇔ u.
	Iff(t, u Term) Term
	// Eq returns t = u; both have the same sort.
	Eq(t, u Term) Term
	// Distinct returns the formula that ts are pairwise different.
	Distinct(ts ...Term) Term
	// Ite returns "if c then t else u"; t and u have the same sort.
	Ite(c, t, u Term) Term
	// Lt returns t < u over Int or Real.
	Lt(t, u Term) Term
	// Le returns t ≤ u.
	Le(t, u Term) Term
	// Gt returns t > u.
	Gt(t, u Term) Term
	// Ge returns t ≥ u.
	Ge(t, u Term) Term
	// Add returns the sum of ts, at least one.
	Add(ts ...Term) Term
	// Sub returns t − u.
	Sub(t, u Term) Term
	// Mul returns the product of ts, at least one.
	Mul(ts ...Term) Term

	// Mark returns the current end of the term table, for Release.
	Mark() Mark
	// Release forgets every term made since m was returned, including
	// constants made by EnumSort, so that a long search can build
	// per-query terms without growing. Handles made since m become
	// invalid; sorts and functions are kept. Assertions are not affected.
	Release(m Mark)

	// Assert adds the formula t to the current scope.
	Assert(t Term)
	// Push opens a scope.
	Push()
	// Pop discards the assertions of the n innermost scopes; popping more
	// scopes than were pushed panics.
	Pop(n int)
	// Check reports whether the assertions are satisfiable. A timeout
	// (see SetTimeout) gives Unknown and a nil error; a cancelled ctx gives
	// Unknown and ctx.Err(); a sticky error gives Unknown and that error.
	Check(ctx context.Context) (Result, error)
	// CheckAssumptions is Check with the formulas in assumptions assumed
	// true for this check only. After Unsat, UnsatCore names the
	// assumptions used.
	CheckAssumptions(ctx context.Context, assumptions ...Term) (Result, error)
	// UnsatCore appends to dst a subset of the assumptions of the last
	// check, which returned Unsat, that is unsatisfiable together with the
	// assertions. It appends nothing if the last check was not an Unsat
	// CheckAssumptions or the solver state changed since.
	UnsatCore(dst []Term) []Term
	// Eval returns the value of t in the model of the last check, which
	// returned Sat, with unconstrained parts completed by the solver. The
	// value is a literal (true, 5, an enumeration constant), so it can be
	// compared with ==. It returns false if there is no model: the last
	// check was not Sat or the solver state changed since.
	Eval(t Term) (Term, bool)
	// String renders t in SMT-LIB syntax, for debugging and tests.
	String(t Term) string
	// SetTimeout bounds the wall time of each later check; 0 means none.
	SetTimeout(d time.Duration)
	// Err returns the sticky construction error, or nil.
	Err() error
	// Stats returns the work done so far.
	Stats() Stats
	// Close releases the solver. It is idempotent.
	Close()
}
