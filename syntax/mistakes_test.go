package syntax_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cubew/cubew/syntax"
	"github.com/stretchr/testify/require"
)

// base is the model the mistakes are made in: a broken lock.
const base = `type phase = Idle | Checked | Critical

var Busy : bool
array Phase[proc] : phase

init (p) { Phase[p] = Idle && Busy = False }

unsafe (p q) { Phase[p] = Critical && Phase[q] = Critical }

transition check (p)
requires { Phase[p] = Idle && Busy = False }
{ Phase[p] := Checked }

transition take (p)
requires { Phase[p] = Checked }
{ Phase[p] := Critical; Busy := True }
`

// weakBase is a weak-memory model the weak mistakes are made in.
const weakBase = `type loc = Idle | Want | Crit

weak array Flag[proc] : bool
array Pc[proc] : loc

init (p) { Flag[p] = False && Pc[p] = Idle }

unsafe (p q) { Pc[p] = Crit && Pc[q] = Crit }

transition want ([p])
requires { Pc[p] = Idle }
{ Flag[p] := True; Pc[p] := Want }

transition enter ([p])
requires { Pc[p] = Want && forall_other q. p @ Flag[q] = False }
{ Pc[p] := Crit }
`

// mistake is a typical error: the model with one edit (old replaced by
// new, or new appended when old is empty) and the first message it must
// give, as LINE:COL: message.
type mistake struct {
	name     string
	model    string
	old, new string
	want     string
}

var mistakes = []mistake{
	{"double equals", base, "Phase[p] = Idle && Busy", "Phase[p] == Idle && Busy",
		"6:21: syntax error: `==` is not an operator: comparison is `=`, assignment `:=`"},
	{"assignment written as comparison", base, "{ Phase[p] := Checked }", "{ Phase[p] = Checked }",
		"12:12: syntax error: `=` compares; an assignment is written `:=`, as in `X := v` (a guard goes in `requires { ... }`)"},
	{"variable assigned with =", base, "Critical; Busy := True", "Critical; Busy = True",
		"16:30: syntax error: `=` compares; an assignment is written `:=`, as in `X := v` (a guard goes in `requires { ... }`)"},
	{"undeclared constructor", base, "requires { Phase[p] = Checked }", "requires { Phase[p] = Waiting }",
		"15:23: unknown name `Waiting`: not a declared variable or constant, nor a constructor of phase (Idle, Checked, Critical)"},
	{"undeclared variable read", base, "requires { Phase[p] = Idle && Busy = False }", "requires { Phase[p] = Idle && Lock = False }",
		"11:31: unknown name `Lock`: not a declared variable or constant, nor a constructor of bool (True, False)"},
	{"array without closing bracket", base, "array Phase[proc] : phase", "array Phase[proc : phase",
		"4:18: syntax error: unexpected `:`: expected `]` to close the brackets"},
	{"array cell without index", base, "requires { Phase[p] = Checked }", "requires { Phase[] = Checked }",
		"15:17: syntax error: an array cell needs its process index, as in `Phase[p]`"},
	{"lower-case variable", base, "var Busy : bool", "var busy2 : bool",
		"3:5: syntax error: the name of a variable starts with a capital letter: `Busy2`, not `busy2`"},
	{"lower-case array", base, "array Phase[proc] : phase", "array phase[proc] : phase",
		"4:7: syntax error: the name of an array starts with a capital letter: `Phase`, not `phase`"},
	{"upper-case type name", base, "type phase = Idle", "type Phase = Idle",
		"1:6: syntax error: unexpected `Phase`: a type name starts with a lower-case letter, as in `type phase = ...`"},
	{"lower-case constructor", base, "Idle | Checked | Critical", "Idle | checked | Critical",
		"1:21: syntax error: a constructor starts with a capital letter: `Checked`, not `checked`"},
	{"undeclared variable assigned", base, "Busy := True", "Bussy := True",
		"16:25: unknown variable `Bussy`; did you mean `Busy`?"},
	{"undeclared array assigned", base, "{ Phase[p] := Checked }", "{ Phse[p] := Checked }",
		"12:3: unknown array `Phse`; did you mean `Phase`?"},
	{"misspelt constructor", base, "Phase[p] = Idle && Busy", "Phase[p] = Idel && Busy",
		"6:23: unknown constructor `Idel` of type phase; did you mean `Idle`?"},
	{"misspelt variable read", base, "requires { Phase[p] = Idle && Busy = False }", "requires { Phase[p] = Idle && Bussy = False }",
		"11:31: unknown variable `Bussy`; did you mean `Busy`?"},
	{"misspelt array read", base, "requires { Phase[p] = Checked }", "requires { Phse[p] = Checked }",
		"15:12: unknown array `Phse`; did you mean `Phase`?"},
	{"misspelt type", base, "array Phase[proc] : phase", "array Phase[proc] : phse",
		"4:21: unknown type `phse`; did you mean `phase`?"},
	{"slash comment", base, "var Busy : bool", "// the lock\nvar Busy : bool",
		"3:1: `//` does not start a comment: comments are written `(* ... *)`"},
	{"hash comment", base, "var Busy : bool", "# the lock\nvar Busy : bool",
		"3:1: `#` starts a process constant (`#1`, `#2`, ...); comments are written `(* ... *)`"},
	{"unterminated comment", base, "var Busy : bool", "(* the lock\nvar Busy : bool",
		"3:1: unterminated comment: this `(*` has no closing `*)`"},
	{"single ampersand", base, "Phase[p] = Idle && Busy", "Phase[p] = Idle & Busy",
		"6:28: `&` is not an operator: conjunction is `&&`"},
	{"word and", base, "Phase[p] = Idle && Busy", "Phase[p] = Idle and Busy",
		"6:28: syntax error: `and` is not an operator: conjunction is `&&`"},
	{"single bar", base, "requires { Phase[p] = Checked }", "requires { Phase[p] = Checked | Phase[p] = Idle }",
		"15:31: syntax error: a single `|` separates constructors and case branches; disjunction is `||`"},
	{"not equal as !=", base, "requires { Phase[p] = Checked }", "requires { Phase[p] != Checked }",
		"15:21: `!=` is not an operator: not-equal is `<>`"},
	{"negation as !", base, "requires { Phase[p] = Checked }", "requires { !(Phase[p] = Idle) }",
		"15:12: `!` is not an operator: negation is `not`"},
	{"implication as ->", base, "requires { Phase[p] = Checked }", "requires { Phase[p] = Checked -> Busy = True }",
		"15:31: syntax error: `->` is not an operator: implication is `=>`"},
	{"lower-case false", base, "requires { Phase[p] = Idle && Busy = False }", "requires { Phase[p] = Idle && Busy = false }",
		"11:38: syntax error: `false` is a formula, not a value: the boolean values are `True` and `False`"},
	{"missing requires braces", base, "requires { Phase[p] = Checked }", "requires Phase[p] = Checked",
		"15:1: syntax error: the guard after `requires` must be a formula in braces: `requires { formula }`"},
	{"missing requires keyword", base, "requires { Phase[p] = Checked }", "{ Phase[p] = Checked }",
		"15:12: syntax error: `=` compares; an assignment is written `:=`, as in `X := v` (a guard goes in `requires { ... }`)"},
	{"missing parameter list", base, "transition take (p)", "transition take",
		"15:1: syntax error: unexpected `requires`: expected the parameters after the transition's name, as in `transition take (p)` (or `()` for none)"},
	{"parameters with commas", base, "unsafe (p q)", "unsafe (p, q)",
		"8:10: syntax error: parameters are separated by spaces, not commas: `(p q)`"},
	{"missing semicolon between actions", base, "Phase[p] := Critical; Busy", "Phase[p] := Critical Busy",
		"16:24: syntax error: unexpected `Busy`: expected `;` between actions, or `}` after the last one"},
	{"comma between actions", base, "Phase[p] := Critical; Busy", "Phase[p] := Critical, Busy",
		"16:23: syntax error: actions are separated by `;`, not `,`"},
	{"assignment in guard", base, "requires { Phase[p] = Checked }", "requires { Phase[p] := Checked }",
		"15:21: syntax error: `:=` assigns, in a transition's actions only; a comparison is written `=`"},
	{"missing closing brace at end", base, "Busy := True }", "Busy := True",
		"17:1: syntax error: unexpected end of file: a `}` is missing"},
	{"missing colon in declaration", base, "var Busy : bool", "var Busy bool",
		"3:10: syntax error: unexpected `bool`: expected `:` and a type after `Busy`, as in `var Busy : bool`"},
	{"keyword as transition name", base, "transition take (p)", "transition init (p)",
		"14:12: syntax error: `init` is a keyword and cannot name a transition"},
	{"number_procs without number", base, "type phase", "number_procs\ntype phase",
		"2:1: syntax error: unexpected `type`: expected a number after `number_procs`"},
	{"unknown process variable", base, "unsafe (p q) { Phase[p] = Critical && Phase[q]", "unsafe (p) { Phase[p] = Critical && Phase[q]",
		"8:43: unknown process variable `q`; declare it as a parameter, as in `(p q)`, or bind it with a quantifier"},
	{"process constant #0", base, "unsafe (p q) { Phase[p] = Critical && Phase[q] = Critical }", "unsafe (p) { Phase[#0] = Critical }",
		"8:20: process constant must be #1, #2, ... (processes are numbered from 1)"},
	{"wrong type compared", base, "requires { Phase[p] = Checked }", "requires { Phase[p] = True }",
		"15:12: cannot compare phase with bool"},
	{"wrong type assigned", base, "Busy := True", "Busy := Idle",
		"16:33: cannot assign phase to `Busy` of type bool"},
	{"array without index", base, "requires { Phase[p] = Checked }", "requires { Phase = Checked }",
		"15:12: array `Phase` expects 1 index, got 0"},
	{"variable with index", base, "Busy := True", "Busy[p] := True",
		"16:25: variable `Busy` is not an array"},
	{"two indices for one", base, "requires { Phase[p] = Checked }", "requires { Phase[p, p] = Checked }",
		"15:12: array `Phase` expects 1 index, got 2"},
	{"assign a constructor", base, "Busy := True", "Idle := True",
		"16:25: `Idle` is a constructor, not a variable: it cannot be assigned"},
	{"duplicate variable", base, "array Phase[proc] : phase", "array Phase[proc] : phase\nvar Busy : bool",
		"5:1: `Busy` already declared at 3:1"},
	{"duplicate type", base, "var Busy : bool", "type phase = A\nvar Busy : bool",
		"3:1: type `phase` already declared at 1:1"},
	{"forall_other without dot", weakBase, "forall_other q. p @ Flag[q]", "forall_other q p @ Flag[q]",
		"15:43: syntax error: expected `.` after `forall_other q`, as in `forall_other q. formula`"},
	{"weak read without @ in unsafe", weakBase, "unsafe (p q) { Pc[p] = Crit", "unsafe (p q) { Flag[p] = True",
		"8:16: weak array `Flag` must be read with `@` in unsafe, as in `p @ Flag[...]`"},
	{"fence in an action", weakBase, "{ Pc[p] := Crit }", "{ fence(); Pc[p] := Crit }",
		"16:3: syntax error: fence() is only allowed in a transition's guard, as in `requires { fence() && ... }`"},
	{"fence without parentheses", weakBase, "requires { Pc[p] = Idle }", "requires { fence && Pc[p] = Idle }",
		"11:12: syntax error: a fence is written `fence()`"},
	{"no acting process", weakBase, "transition want ([p])", "transition want (p)",
		"10:1: transition want: no acting process; a weak-memory model needs one parameter marked as `[p]`"},
	{"unknown predicate", base, "requires { Phase[p] = Checked }", "requires { checked(p) }",
		"15:12: unknown predicate `checked`; declare it before its use, as in `predicate checked(p) { ... }`"},
	{"case without bar", base, "{ Phase[p] := Checked }", "{ Phase[p] := case p = p : Checked _ : Idle }",
		"12:20: syntax error: unexpected `p`: each branch of a case starts with `|`, as in `case | A[j] = True : v | _ : w`"},
	{"if without else", base, "requires { Phase[p] = Checked }", "requires { if Busy = True then Phase[p] = Checked }",
		"15:51: syntax error: unexpected `}`: an `if` formula needs `then` and `else`: `if c then f else g`"},
	{"missing init", base, "init (p) { Phase[p] = Idle && Busy = False }", "",
		"8:1: missing init: a model needs its initial states, as in `init (p) { ... }`"},
	{"non-weak variable in a weak model", weakBase, "array Pc[proc] : loc", "array Pc[proc] : loc\nvar Turn : bool",
		"5:1: variable `Turn` must be weak: in a weak-memory model every global variable is weak"},
	{"misspelt unsafe", base, "unsafe (p q)", "unsafe_ (p q)",
		"8:1: syntax error: unexpected `unsafe_`: expected a declaration or an item (`type`, `var`, `array`, `const`, `init`, `unsafe`, `invariant`, `transition`, `predicate`); did you mean `unsafe`?"},
	{"misspelt transition keyword", base, "transition take (p)", "transtion take (p)",
		"14:1: syntax error: unexpected `transtion`: expected a declaration or an item (`type`, `var`, `array`, `const`, `init`, `unsafe`, `invariant`, `transition`, `predicate`); did you mean `transition`?"},
}

func TestMistakes(t *testing.T) {
	ran := 0
	for _, m := range mistakes {
		t.Run(m.name, func(t *testing.T) {
			src := m.model + m.new
			if m.old != "" {
				if !strings.Contains(m.model, m.old) {
					t.Fatalf("%q is not in the model", m.old)
				}
				src = strings.Replace(m.model, m.old, m.new, 1)
			}
			_, err := syntax.ParseAndCheck("m.cub", []byte(src), syntax.CheckOptions{})
			var list syntax.ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("got %v, want an error list", err)
			}
			got := strings.TrimPrefix(list[0].Error(), "m.cub:")
			if got != m.want {
				t.Errorf("got  %s\nwant %s", got, m.want)
			}
			ran++
		})
	}
	if ran < 40 {
		t.Errorf("%d mistakes ran, want at least 40", ran)
	}
}

// grammarWords are participle's names for the grammar, which messages must
// never show.
var grammarWords = []string{"GTerm", "GIdent", "GLIdent", "GFormula", "GAction", "GParam", "GBranch",
	"GCase", "GNondet", "<mident>", "<lident>", "<int>", "unexpected token", "internal error"}

// TestMutantMessages deletes, one at a time, each token of the example
// models and checks that every syntax error is in words: no grammar
// notation, no internal error.
func TestMutantMessages(t *testing.T) {
	files, err := filepath.Glob("../examples/*.cub")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	mutants, syntaxErrors := 0, 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		for _, tok := range tokenSpans(string(src)) {
			mutant := string(src[:tok[0]]) + string(src[tok[1]:])
			mutants++
			_, err := syntax.ParseAndCheck("m.cub", []byte(mutant), syntax.CheckOptions{})
			if err == nil {
				continue
			}
			msg := err.Error()
			if strings.Contains(msg, "syntax error") {
				syntaxErrors++
			}
			for _, w := range grammarWords {
				require.NotContains(t, msg, w, "%s without the token at byte %d", file, tok[0])
			}
		}
	}
	t.Logf("%d mutants, %d syntax errors", mutants, syntaxErrors)
	require.Greater(t, syntaxErrors, 500, "mutants that do not parse")
}

// tokenSpans returns the byte spans of the words and punctuation of src
// outside comments (a rough split, enough to delete one token).
func tokenSpans(src string) [][2]int {
	var out [][2]int
	depth := 0
	for i := 0; i < len(src); {
		switch c := src[i]; {
		case strings.HasPrefix(src[i:], "(*"):
			depth++
			i += 2
		case strings.HasPrefix(src[i:], "*)") && depth > 0:
			depth--
			i += 2
		case depth > 0 || c == ' ' || c == '\n' || c == '\t':
			i++
		case isWord(c):
			j := i
			for j < len(src) && isWord(src[j]) {
				j++
			}
			out = append(out, [2]int{i, j})
			i = j
		default:
			j := i + 1
			for _, op := range []string{":=", "&&", "||", "<>", "<=", ">=", "=>"} {
				if strings.HasPrefix(src[i:], op) {
					j = i + len(op)
				}
			}
			out = append(out, [2]int{i, j})
			i = j
		}
	}
	return out
}

func isWord(c byte) bool {
	return c == '_' || c == '#' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}
