package syntax_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cubew/cubew/syntax"
	"github.com/stretchr/testify/require"
)

// mustCheck parses and checks src, failing the test on any error.
func mustCheck(t *testing.T, src string, opts syntax.CheckOptions) *syntax.Model {
	t.Helper()
	f, err := syntax.Parse("t.cub", []byte(src))
	require.NoError(t, err)
	m, err := syntax.Check(f, opts)
	require.NoError(t, err)
	return m
}

// checkErrors parses and checks src and returns the error lines.
func checkErrors(t *testing.T, src string, opts syntax.CheckOptions) []string {
	t.Helper()
	f, err := syntax.Parse("t.cub", []byte(src))
	require.NoError(t, err)
	_, err = syntax.Check(f, opts)
	if err == nil {
		return nil
	}
	var list syntax.ErrorList
	require.True(t, errors.As(err, &list), "error without position: %v", err)
	return strings.Split(list.Error(), "\n")
}

const modelSrc = `number_procs 3
type loc = Idle | Busy
type data
const C : real
weak var X : int
weak array W[proc] : bool
array PC[proc] : loc
array M[proc, proc] : data
const K[proc] : loc
var T : real

init (p) { PC[p] = Idle && X = 0 && T = 0.0 }
unsafe (p q) { PC[p] = Busy && PC[q] = Busy }
unsafe Named (p) { p @ X = 2 }
invariant (p) { K[p] = Busy }
predicate idle(x) { PC[x] = Idle }
transition go ([p])
requires { idle(p) && fence() }
{ PC[p] := Busy; X := X + 1; T := T + C }
`

func TestCheckModel(t *testing.T) {
	// Under SC, the non-weak T is allowed; under TSO it is rejected.
	require.Equal(t, []string{"t.cub:10:1: variable `T` must be weak: in a weak-memory model every global variable is weak"},
		checkErrors(t, modelSrc, syntax.CheckOptions{}))
	m := mustCheck(t, modelSrc, syntax.CheckOptions{SC: true})
	require.False(t, m.Weak)
	require.Equal(t, 3, m.NumProcs)
	for name, kind := range map[string]syntax.TypeKind{
		"bool": syntax.TBool, "int": syntax.TInt, "real": syntax.TReal, "proc": syntax.TProc,
		"loc": syntax.TEnum, "data": syntax.TAbstract,
	} {
		require.Equal(t, kind, m.Types[name].Kind, name)
	}
	require.Len(t, m.Types, 6)
	require.Equal(t, []string{"Idle", "Busy"}, m.Types["loc"].Constructors)
	require.Same(t, m.Types["bool"], m.Symbols["True"].Type)
	require.Same(t, m.Types["bool"], m.Symbols["False"].Type)
	require.Same(t, m.Types["loc"], m.Symbols["Busy"].Type)
	for name, want := range map[string]string{
		"True": "constructor bool 0", "Idle": "constructor loc 0", "C": "const real 0",
		"X": "var int 0", "W": "array bool 1", "PC": "array loc 1", "M": "array data 2", "K": "const loc 1",
	} {
		s := m.Symbols[name]
		require.NotNil(t, s, name)
		class := [...]string{"constructor", "const", "var", "array"}[s.Class]
		require.Equal(t, want, fmt.Sprintf("%s %s %d", class, s.Type.Name, s.Arity), name)
		require.False(t, s.Weak, "%s is weak under SC", name)
	}
	require.Len(t, m.Symbols, 2+2+7)
	require.NotNil(t, m.Init)
	require.Len(t, m.Unsafes, 2)
	require.Equal(t, "Named", m.Unsafes[1].Name)
	require.Len(t, m.Invariants, 1)
	require.Len(t, m.Transitions, 1)
	require.Contains(t, m.Predicates, "idle")

	// The same model without T is a weak model.
	src := strings.Replace(modelSrc, "var T : real\n", "", 1)
	src = strings.Replace(src, " && T = 0.0", "", 1)
	src = strings.Replace(src, "; T := T + C", "", 1)
	m = mustCheck(t, src, syntax.CheckOptions{})
	require.True(t, m.Weak)
	require.True(t, m.Symbols["X"].Weak)
	require.True(t, m.Symbols["W"].Weak)
	require.False(t, m.Symbols["PC"].Weak)
	m = mustCheck(t, src, syntax.CheckOptions{SC: true})
	require.False(t, m.Weak)
	require.False(t, m.Symbols["X"].Weak)
}

// TestCheckWeakRules checks one model that breaks each Cubicle-W rule once:
// all are reported under TSO and none under SC.
func TestCheckWeakRules(t *testing.T) {
	src := `type loc = Idle | Busy
weak var X : int
var Y : int
array PC[proc] : loc
init (p) { PC[p] = Idle && X = 0 && Y = 0 }
unsafe (p) { X = 1 }
transition plain (p)
{ Y := 1 }
transition other ([p] q)
requires { PC[q] = Idle }
{ PC[q] := Busy }
transition all ([p])
{ PC[j] := case | PC[j] = Idle : Busy | _ : PC[j] }
`
	require.Equal(t, []string{
		"t.cub:3:1: variable `Y` must be weak: in a weak-memory model every global variable is weak",
		"t.cub:6:14: weak variable `X` must be read with `@` in unsafe, as in `p @ X`",
		"t.cub:7:1: transition plain: no acting process; a weak-memory model needs one parameter marked as `[p]`",
		"t.cub:10:12: transition other: non-weak array `PC` may only be read at the acting process `p`, not at `q`",
		"t.cub:11:6: transition other: non-weak array `PC` may only be written at the acting process `p`, not at `q`",
		"t.cub:13:17: transition all: this branch may write non-weak array `PC` at other processes' cells; its condition must contain `j = p` or its value must be `PC[j]`",
		"t.cub:13:19: transition all: non-weak array `PC` may only be read at the acting process `p`, not at `j`",
	}, checkErrors(t, src, syntax.CheckOptions{}))
	require.Empty(t, checkErrors(t, src, syntax.CheckOptions{SC: true}))
	// Without weak declarations the rules do not apply either.
	plain := strings.Replace(src, "weak var X", "var X", 1)
	require.Empty(t, checkErrors(t, plain, syntax.CheckOptions{}))
}

func TestExpand(t *testing.T) {
	src := `type loc = Idle | Busy
array PC[proc] : loc
array H[proc] : proc
predicate is(x, v) { PC[x] = v }
predicate others(x) { forall_other x. is(x, Busy) }
predicate both(a, b) { is(a, Idle) && H[a] = b }
init (p) { both(p, p) || not is(p, Busy) }
transition t (i)
requires { both(i, i) && others(i) }
{ PC[i] := Busy }
`
	m := mustCheck(t, src, syntax.CheckOptions{})
	tr := m.Transitions[0]
	m.Init.Body = m.Expand(m.Init.Body)
	tr.Guard = m.Expand(tr.Guard)
	out := syntax.Print(m.File)
	require.Contains(t, out, "init (p) { PC[p] = Idle && H[p] = p || not PC[p] = Busy }")
	require.Contains(t, out, "requires { (PC[i] = Idle && H[i] = i) && forall_other x. PC[x] = Busy }")
	// The predicate bodies are unchanged.
	require.Contains(t, out, "predicate others(x) { forall_other x. is(x, Busy) }")
	require.Contains(t, out, "predicate both(a, b) { is(a, Idle) && H[a] = b }")
}

func TestTermType(t *testing.T) {
	src := `number_procs 2
type loc = Idle | Busy
const C : real
weak var X : int
var T : real
array PC[proc] : loc
init (p) { PC[p] = Idle && T = 0.0 }
unsafe (p q) { p @ X = 1 && T + C = 1.5 && PC[p] = Busy && q = #1 && 2 * C = T - 2.0 && PC[q] <> Idle }
`
	m := mustCheck(t, src, syntax.CheckOptions{SC: true})
	var got []string
	var walk func(f syntax.Formula)
	walk = func(f syntax.Formula) {
		switch f := f.(type) {
		case *syntax.Binary:
			walk(f.L)
			walk(f.R)
		case *syntax.Compare:
			got = append(got, m.TermType(f.L).Name+" "+m.TermType(f.R).Name)
		}
	}
	walk(m.Unsafes[0].Body)
	require.Equal(t, []string{"int int", "real real", "loc loc", "proc proc", "real real", "loc loc"}, got)
	require.Nil(t, m.TermType(&syntax.Name{Name: "Nope"}))
}

func TestCheckErrorLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString("var X : int\ninit (p) { X = 0 }\n")
	for i := range 30 {
		fmt.Fprintf(&b, "transition t%d (p) { Y%d := 1 }\n", i, i)
	}
	lines := checkErrors(t, b.String(), syntax.CheckOptions{})
	require.Len(t, lines, 20)
	require.Equal(t, "t.cub:3:21: unknown variable `Y0`", lines[0])
	require.Equal(t, "t.cub:22:22: unknown variable `Y19`", lines[19])
}

// TestCheckNoPanic feeds Check ASTs that Parse never builds.
func TestCheckNoPanic(t *testing.T) {
	_, err := syntax.Check(nil, syntax.CheckOptions{})
	require.Error(t, err)
	pos := syntax.Pos{Filename: "h.cub", Line: 2, Column: 1}
	f := &syntax.File{Name: "h.cub", Items: []syntax.Item{
		&syntax.Init{Pos: pos, Body: &syntax.Compare{Pos: pos, Op: syntax.OpEq}},
	}}
	_, err = syntax.Check(f, syntax.CheckOptions{})
	var list syntax.ErrorList
	require.True(t, errors.As(err, &list))
	require.Contains(t, list.Error(), "h.cub:2:1: internal error")
}

// FuzzCheck checks that Check never fails without a position, seeded with
// the error chunks.
func FuzzCheck(f *testing.F) {
	files, err := filepath.Glob("testdata/errors/*.cub")
	require.NoError(f, err)
	for _, file := range files {
		data, err := os.ReadFile(file)
		require.NoError(f, err)
		for _, ch := range splitChunks(string(data)) {
			f.Add(ch.src, false)
			f.Add(ch.src, true)
		}
	}
	f.Fuzz(func(t *testing.T, src string, sc bool) {
		file, err := syntax.Parse("fuzz.cub", []byte(src))
		if err != nil {
			return
		}
		_, err = syntax.Check(file, syntax.CheckOptions{SC: sc})
		if err == nil {
			return
		}
		var list syntax.ErrorList
		require.True(t, errors.As(err, &list), "error without position: %v", err)
		require.NotContains(t, list.Error(), "internal error")
	})
}
