package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cubew/cubew/certify"
	"github.com/cubew/cubew/internal/corpus"
	"github.com/stretchr/testify/require"
)

// TestNewKindsMutantsRejected: the check can fail on the kinds of
// certificate session certs12 added (issue 13, item 4). szymanski_at's
// proof by check (sc, invariant inference from the 200th node, the
// default before its cheap oracle started it at the 50th): with an inferred cube
// (node 3573, A[#1] = L1 && S[#1] = True, proved like an unsafe cube)
// dropped — its cube made false, so inv and every instance lose it — Z3
// refutes exactly the two obligations of t1 whose pre-images it covered.
// arbiter_v1_N under pso with --assume-invariants (event-explicit, writes
// out of program order, an invariant over constants assumed): without
// the assertion of the assumption Z3 refutes init: invariant_1 (the
// whole certificate: that obligation alone; 9 CPU-s, so the test runs
// the init group, which holds in the original), and with node 10 (the
// pre-image of the unsafe cube by t_proc_L2_CS) dropped Z3 refutes
// transition t_proc_L2_CS: node_2, which holds in the original (the
// whole mutant: 43 of 833 obligations fail, 35 sat, 40 CPU-s at a
// million units; the test runs that obligation).
func TestNewKindsMutantsRejected(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err)
	tmp := t.TempDir()
	certificate := func(name string, args ...string) string {
		cert := filepath.Join(tmp, name+".smt2")
		code, out, errs := cubew(t, append(append([]string{"check", "--certificate", cert}, args[:len(args)-1]...), filepath.Join(dir, args[len(args)-1]))...)
		require.Equal(t, exitSafe, code, out+errs)
		text, err := os.ReadFile(cert)
		require.NoError(t, err)
		return string(text)
	}
	certifyText := func(name, script string) (int, string) {
		file := filepath.Join(tmp, name+".smt2")
		require.NoError(t, os.WriteFile(file, []byte(script), 0o644))
		code, out, _ := cubew(t, "certify", "--rlimit", "1000000", file)
		return code, out
	}
	dropped := func(script string, node int) string {
		cube := regexp.MustCompile(`(\(define-fun node_` + strconv.Itoa(node) + `_at [^\n]*\n)  \(and [^\n]*\)\)\n`)
		require.Len(t, cube.FindAllString(script, -1), 1, "node %d", node)
		return cube.ReplaceAllString(script, "${1}  false)\n")
	}
	refuted := regexp.MustCompile(`obligation (.*): sat \(fails\)`)
	refutations := func(out string) []string {
		var names []string
		for _, m := range refuted.FindAllStringSubmatch(out, -1) {
			names = append(names, m[1])
		}
		return names
	}

	szy := certificate("szymanski_at", "--brab-after", "200", "cubicle/szymanski_at.cub")
	require.Len(t, certify.Obligations(szy), 331)
	code, out := certifyText("szymanski_at-dropped", dropped(szy, 3573))
	require.Equal(t, exitUnsafe, code, out)
	require.Equal(t, []string{"transition t1: node_3806", "transition t1: node_3879"}, refutations(out))
	require.Contains(t, out, "certificate REJECTED: 2 of 331 obligations fail (2 sat)")

	arb := certificate("arbiter_v1_N", "--model", "pso", "--assume-invariants", "cubicle-w/cubtso/arbiter_v1_N.cub")
	require.Len(t, certify.Obligations(arb), 833)
	require.Contains(t, arb, "(pso, event-explicit encoding)")
	assumption := regexp.MustCompile(`(?m)^\(assert \(not \(invariant_1 [^()]*\)\)\)\n`)
	require.Len(t, assumption.FindAllString(arb, -1), 1)
	initGroup := func(s string) string {
		return certify.Only(s, func(o string) bool { return strings.HasPrefix(o, "init: ") })
	}
	code, out = certifyText("arbiter-init", initGroup(arb))
	require.Equal(t, exitSafe, code, out)
	code, out = certifyText("arbiter-unassumed", initGroup(assumption.ReplaceAllString(arb, "")))
	require.Equal(t, exitUnsafe, code, out)
	require.Equal(t, []string{"init: invariant_1"}, refutations(out))
	node2 := func(s string) string {
		return certify.Only(s, func(o string) bool { return o == "transition t_proc_L2_CS: node_2" })
	}
	code, out = certifyText("arbiter-node2", node2(arb))
	require.Equal(t, exitSafe, code, out)
	code, out = certifyText("arbiter-dropped", node2(dropped(arb, 10)))
	require.Equal(t, exitUnsafe, code, out)
	require.Equal(t, []string{"transition t_proc_L2_CS: node_2"}, refutations(out))
}
