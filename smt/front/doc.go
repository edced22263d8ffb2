// Package front implements [smt.Solver] in Go in front of a backend solver
// (Z3, package smt/z3): it builds terms itself, decides the checks of a
// small fragment with a built-in procedure, and makes the backend only
// when a check falls outside it. A run whose checks all stay in the
// fragment never loads Z3 (see package smt/z3, "Loading"), which is most
// of the fixed cost of a small model.
//
// # The fragment
//
// Booleans, enumerations, uninterpreted sorts compared by equality,
// integers compared by equality and order (Eq, Distinct, Lt, Le, Gt, Ge:
// process identities, their bounds 1..N, the ranks of a ghb acyclicity
// encoding), uninterpreted functions (arrays indexed by processes), and
// any Boolean structure (Not, And, Or, Implies, Iff, Ite), and difference
// constraints t1 + k1 ⋈ t2 + k2 (⋈ one of =, <, ≤, >, ≥; k1, k2 integer
// literals; t1, t2 integer constants or applications, or absent), the
// form of counters and levels (`Level[i] + 1 <> Level[j]`). Other
// arithmetic (Mul, sums of atoms) and reals go to the backend.
//
// # The built-in procedure
//
// A backtracking search assigns values to the atoms (constants and
// function applications, arguments first), keeps the function tables
// consistent (the same function at equal arguments has equal values), and
// evaluates every formula in three-valued logic after each assignment,
// backtracking as soon as one is false. An atom of a finite sort tries
// each of its values; an integer or uninterpreted atom tries the literals
// of its sort, the values of the earlier atoms of its sort, and one fresh
// value, which loses no model because only equalities observe these
// values. When integers are ordered, an integer atom tries the earlier
// values and a point in each gap between them (values are scaled, so gaps
// have room), and an order type is kept only if it has an integer model
// (no more values between two literals than integers there): every order
// type is tried, which loses no model because only order and equality
// observe the values. The search is exhaustive in any order of the atoms;
// the order only makes it shorter: the atoms of unit formulas (a cube's
// literals) first, then the decisions (below) that unit formulas force to
// one value, then the atoms of the clauses (negated cubes), the other
// decisions last.
//
// Difference constraints are decided apart: the integer atoms they relate
// (closed under comparison with one another, and by function, so that all
// cells of an array are in or all out) take no value; each comparison over
// them is an atom whose value is a decision (true or false; for an
// equality, equal, less or greater, so that a disequality is a strict
// order, which is exact over the integers), made after the atoms it
// depends on. The decisions made are the edges of a constraint graph over
// one variable per atom, congruent applications (same function, equal
// argument values) being one variable, and a decision is kept only while
// the graph has no negative cycle (Bellman-Ford): exactly when the
// decided constraints have an integer solution, which gives the model's
// values. An atom all of whose formulas already hold is not branched on.
// So the answer is exact: Sat comes with a model checked against
// every formula, Unsat with every assignment refuted. When the search runs
// out of its budget (Options.Budget term evaluations) the check goes to
// the backend. [smt.Stats].Builtin counts the checks answered without it,
// [smt.Stats].Steps the evaluation steps of the searches.
// The model of a Sat answer is built from the assignment found when Eval
// first asks for a value (most answers are never asked), and the
// search's arrays per term and per formula are kept by the Solver for its
// next check (buffers.go).
//
// # Backend
//
// The backend is made by the function given to [New] on the first check
// the procedure cannot answer; the sorts, functions and open scopes are
// replayed into it, and later Assert, Push and Pop go to both. Terms are
// translated on demand and the translations are dropped when the front's
// table is released, so the backend's table stays small too.
//
// # Local names
//
// s is a Solver, t its table, u and v terms (smt.Term), srt a sort, n a
// node, b the backend and bt a backend term.
package front
