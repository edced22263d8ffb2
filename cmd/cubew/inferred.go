package main

import (
	"context"
	"fmt"
	"io"
	"math/big"
	"slices"
	"strings"

	"github.com/cubew/cubew/decide"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/oracle"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/spf13/cobra"
)

// defaultBrab is the oracle instance size of a check without --brab, and
// defaultBrabAfter the most exact nodes it visits first (fewer when they
// cost many pre-images, reach.Options.ApproxAfter): a model decided in
// fewer (most of the corpus) never explores the oracle, and is searched
// as with --brab 0. defaultBrabAfterOutOfOrder replaces defaultBrabAfter
// under a model whose writes may become visible out of program order
// (defaultBrabAfterFor).
const (
	defaultBrab                = 3
	defaultBrabAfter           = 200
	defaultBrabAfterOutOfOrder = 1000
)

// defaultCheapBrabAfter is the exact part of a check without --brab or
// --brab-after when its oracle is cheap to explore (oracle.Lazy.Cheap,
// reach.Options.CheapApproxAfter): sense_barrier, decided exactly in 156
// nodes (107 CPU-ms at load 12), approximates from its 50th node and is
// SAFE in 74 (55 CPU-ms); arbiter_v2_N (--assume-invariants) takes 116
// nodes instead of 274, ticket_spin_lock_N 76 instead of 247,
// szymanski_at 78 instead of 222 (docs/fixedcost.md, session 15).
// A model decided in fewer nodes (most of the corpus) never asks. From
// the 30th node, dekker_2 and dekker_2b (45 nodes exactly, cheap
// oracles) took twice their CPU time, and arbiter_v1_N 61 nodes instead
// of 39. An oracle that is not cheap (lamport_N under TSO: 20 s to
// explore its instance with 2 processes up to the state limit; german,
// bakery_lamport) waits for defaultBrabAfter, as before.
const defaultCheapBrabAfter = 50

// defaultCheapBrabAfterFor is the exact part of a check of model m under
// mm without --brab or --brab-after when its oracle is cheap:
// defaultCheapBrabAfter, but none (0: wait for defaultBrabAfterFor) where
// writes may become visible out of program order, for the restarts that
// defaultBrabAfterFor explains.
func defaultCheapBrabAfterFor(m *syntax.Model, mm memmodel.Model) int {
	if defaultBrabAfterFor(m, mm) != defaultBrabAfter {
		return 0
	}
	return defaultCheapBrabAfter
}

// defaultBrabAfterFor is the exact part of a check of model m under mm
// without --brab-after: defaultBrabAfter, but defaultBrabAfterOutOfOrder
// when m has weak variables whose writes may become visible out of
// program order (PSO). There the
// backward search over-approximates, and it refutes candidates that the
// oracle's complete instances never reach (dekker_2: `PC[#1] = L6 &&
// PC[#2] = L6`), each refutation restarting the search: from 200 nodes,
// dekker_2b took 4 restarts and 4,916 nodes (1.8 → 9.6 CPU-s) where the
// exact search needs 962 nodes and 22,350 pre-images, both within 1,000
// nodes' allowance. From 1,000 nodes, chandy_misra is SAFE (UNKNOWN
// without inference) and arbiter_v2_N takes 1,208 nodes instead of 2,742
// (10.4 → 2.0 CPU-s); from 1,500, chandy_misra was not decided in 8
// CPU-s. A model without weak variables is searched as under SC, and
// approximated as soon (examples/ticket_lock.cub under pso: SAFE in 205
// nodes, as under sc; from the 1,000th node, 1,005 nodes and 111 CPU-s).
func defaultBrabAfterFor(m *syntax.Model, mm memmodel.Model) int {
	if m.Weak && !memmodel.WritesInProgramOrder(mm) {
		return defaultBrabAfterOutOfOrder
	}
	return defaultBrabAfter
}

// approxAfter is --brab-after when given, 0 when --brab alone was given
// (an explicit oracle size approximates from the first node, as
// Cubicle's -brab does), else defaultBrabAfterFor(m, mm).
func (o *checkOpts) approxAfter(cmd *cobra.Command, m *syntax.Model, mm memmodel.Model) int {
	switch {
	case cmd.Flags().Changed("brab-after"):
		return o.brabAfter
	case cmd.Flags().Changed("brab"):
		return 0
	}
	return defaultBrabAfterFor(m, mm)
}

// cheapApproxAfter is defaultCheapBrabAfterFor(m, mm) for a check with
// neither --brab nor --brab-after, else 0: an explicit choice is kept.
func (o *checkOpts) cheapApproxAfter(cmd *cobra.Command, m *syntax.Model, mm memmodel.Model) int {
	if cmd.Flags().Changed("brab-after") || cmd.Flags().Changed("brab") {
		return 0
	}
	return defaultCheapBrabAfterFor(m, mm)
}

// withBrab turns on invariant inference with an oracle over the instances
// with 1..n processes (n = 0: off), at most maxStates states each (0:
// oracle.DefaultMaxStates), that the search asks from its after-th node
// on (from its cheapAfter-th if the oracle is cheap to explore; 0: not
// sooner), and explores when it first asks. An instance the explicit engine cannot run leaves it
// off (printBrab says why). A limit reached while exploring leaves a
// partial oracle: the search then stops on the same limit.
func withBrab(ctx context.Context, m *syntax.Model, mm memmodel.Model, opts reach.Options, n, after, cheapAfter, maxStates int) (reach.Options, *oracle.Lazy) {
	opts.ApproxAfter = after
	opts.CheapApproxAfter = cheapAfter
	return decide.WithLazyOracle(ctx, m, mm, opts, n, maxStates)
}

// inferredDecls prints cubes as invariant declarations of the input
// language: `invariant (p1 p2) { Flag[p1] = True && Flag[p2] = True }`
// says no state has two distinct processes with the flag set.
func inferredDecls(cubes []*translate.Cube) []string {
	var out []string
	for _, c := range cubes {
		if i := slices.IndexFunc(c.Events, func(e translate.Event) bool { return !e.Final }); i >= 0 {
			// A candidate that forgot processes keeps transitions' events.
			out = append(out, fmt.Sprintf("(* not expressible as a declaration: %s with events %v *)", c, c.Events))
			continue
		}
		params := make([]string, c.NVars)
		for i := range params {
			params[i] = varName(translate.Proc(i + 1))
		}
		lits := make([]string, len(c.Lits))
		for i, l := range c.Lits {
			lits[i] = cubeTerm(c, l.L) + " " + l.Op.String() + " " + cubeTerm(c, l.R)
		}
		out = append(out, fmt.Sprintf("invariant (%s) { %s }", strings.Join(params, " "), strings.Join(lits, " && ")))
	}
	return out
}

// cubeTerm prints a term of c: the value of one of its reads (a final
// read, the only kind a candidate keeps) as `p @ X[q]`, what p would read
// of X[q], which an invariant item means too; other terms as sourceTerm.
func cubeTerm(c *translate.Cube, t *translate.Term) string {
	if i := int(t.P - translate.EventBase); t.Kind == translate.KVal && i >= 0 && i < len(c.Events) {
		e := c.Events[i]
		return varName(e.Proc) + " @ " + sourceTerm(translate.StateTerm(e.Loc, e.Index...))
	}
	return sourceTerm(t)
}

// varName names cube variable #k in a declaration.
func varName(p translate.Proc) string { return fmt.Sprintf("p%d", int(p)) }

// sourceTerm prints a state term in the input language, cube variables
// named by varName.
func sourceTerm(t *translate.Term) string {
	switch t.Kind {
	case translate.KProc:
		if t.P.IsVar() {
			return varName(t.P)
		}
	case translate.KState:
		if len(t.Args) == 0 {
			return t.Sym.Name
		}
		args := make([]string, len(t.Args))
		for i, a := range t.Args {
			args[i] = sourceTerm(translate.ProcTerm(a))
		}
		return t.Sym.Name + "[" + strings.Join(args, ",") + "]"
	case translate.KLin:
		if t.Base != nil {
			return sourceTerm(t.Base) + sourceOffset(t.Off)
		}
	}
	return t.Key()
}

// sourceOffset prints `+ k` / `- k` and the constants' multiples of an
// offset after its base.
func sourceOffset(l translate.Lin) string {
	var b strings.Builder
	if l.K != nil && l.K.Sign() != 0 {
		if l.K.Sign() > 0 {
			fmt.Fprintf(&b, " + %s", l.K.RatString())
		} else {
			fmt.Fprintf(&b, " - %s", new(big.Rat).Neg(l.K).RatString())
		}
	}
	for _, c := range l.Consts {
		switch {
		case c.K == 1:
			fmt.Fprintf(&b, " + %s", c.Name)
		case c.K == -1:
			fmt.Fprintf(&b, " - %s", c.Name)
		case c.K > 0:
			fmt.Fprintf(&b, " + %d * %s", c.K, c.Name)
		default:
			fmt.Fprintf(&b, " - %d * %s", -c.K, c.Name)
		}
	}
	return b.String()
}

// printBrab writes the -v lines of an approximate search.
func printBrab(w io.Writer, file string, st reach.Stats, l *oracle.Lazy) {
	if l == nil {
		return
	}
	o, err := l.Explored()
	switch {
	case err != nil:
		fmt.Fprintf(w, "%s: no invariant inference: %v\n", file, err)
		return
	case o == nil:
		fmt.Fprintf(w, "%s: invariant inference: not needed (oracle not explored)\n", file)
		return
	}
	partial := ""
	if o.Partial != "" {
		partial = " (partial: " + o.Partial + ")"
	}
	fmt.Fprintf(w, "%s: invariant inference: oracle of %d states over 1..%d processes%s\n", file, o.States, o.Largest(), partial)
	fmt.Fprintf(w, "%s: invariant inference: %d candidates visited, %d refuted, %d restarts\n",
		file, st.Candidates, st.Refuted, st.Restarts)
	if st.Deepened > 0 {
		fmt.Fprintf(w, "%s: invariant inference: the search stalled; oracle explored deeper, reaching %d of its candidates (refuted)\n",
			file, st.DeepRefuted)
	}
}
