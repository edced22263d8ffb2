package syntax

import (
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2"
)

// Parse errors in words. participle reports the first token it could not
// use and the grammar it expected there, in the grammar's own notation
// (`expected GTerm`). wordParseError turns that into a sentence about the
// Cubicle language, using the tokens around the error; mistakePattern first
// looks for token sequences that are never valid (`==`, `= false`, `and`),
// whose position and wording beat the parser's, which backtracks over
// alternatives and may stop before the real mistake.

// itemKeywords start a declaration or an item at the top of a file.
var itemKeywords = []string{"number_procs", "type", "weak", "var", "array", "const",
	"init", "unsafe", "invariant", "transition", "predicate"}

// parseErrorAt words a participle error on src.
func parseErrorAt(name string, src []byte, perr participle.Error) *Error {
	toks := scanTokens(name, src)
	pos := perr.Position()
	if pos.Filename == "" {
		pos.Filename = name
	}
	at := len(toks) // index of the unexpected token (len(toks): end of file)
	for i, t := range toks {
		if t.Pos.Offset >= pos.Offset {
			at = i
			break
		}
	}
	if i, msg := mistakePattern(toks); msg != "" && (i <= at || !itemBetween(toks, at, i)) {
		return &Error{Pos: toks[i].Pos, Msg: "syntax error: " + msg}
	}
	_, expect, _ := strings.Cut(perr.Message(), " (expected ")
	expect = strings.TrimSuffix(expect, ")")
	return &Error{Pos: pos, Msg: "syntax error: " + wordParseError(toks, at, expect)}
}

// scanTokens returns the tokens of src up to the end or the first lexical
// error.
func scanTokens(name string, src []byte) []tokSpan {
	s := &scanner{src: src, pos: Pos{Filename: name, Line: 1, Column: 1}, keep: true}
	for {
		tok, err := s.Next()
		if err != nil || tok.EOF() {
			return s.toks
		}
	}
}

// itemBetween reports whether a token that starts an item lies in
// toks[from:to].
func itemBetween(toks []tokSpan, from, to int) bool {
	for _, t := range toks[from:to] {
		if isItemKeyword(t.Value) {
			return true
		}
	}
	return false
}

func isItemKeyword(s string) bool {
	for _, k := range itemKeywords {
		if s == k {
			return true
		}
	}
	return false
}

// mistakePattern finds the first token sequence that is never valid and
// that people write by habit from other languages; it returns its index
// and the message, or "" when there is none.
func mistakePattern(toks []tokSpan) (int, string) {
	next := func(i int) string {
		if i+1 < len(toks) {
			return toks[i+1].Value
		}
		return ""
	}
	touching := func(i int) bool { return i+1 < len(toks) && toks[i].End.Offset == toks[i+1].Pos.Offset }
	for i, t := range toks {
		switch v := t.Value; {
		case v == "=" && next(i) == "=" && touching(i):
			return i, "`==` is not an operator: comparison is `=`, assignment `:=`"
		case v == "-" && next(i) == ">" && touching(i):
			return i, "`->` is not an operator: implication is `=>`"
		case (v == "=" || v == "<>") && (next(i) == "true" || next(i) == "false"):
			word := next(i)
			return i + 1, fmt.Sprintf("`%s` is a formula, not a value: the boolean values are `True` and `False`", word)
		case (v == "and" || v == "or") && i > 0 && endsTerm(toks[i-1].Value):
			op := map[string]string{"and": "conjunction is `&&`", "or": "disjunction is `||`"}[v]
			return i, fmt.Sprintf("`%s` is not an operator: %s", v, op)
		case v == "fence" && next(i) != "(":
			return i, "a fence is written `fence()`"
		case v == "[" && next(i) == "]" && i > 0 && isUpper(toks[i-1].Value[0]) && (i < 2 || !isDeclKeyword(toks[i-2].Value)):
			return i, fmt.Sprintf("an array cell needs its process index, as in `%s[p]`", toks[i-1].Value)
		case v == "=" && isActionTarget(toks, i):
			return i, assignMessage
		case isQuantifier(v) && i+2 < len(toks) && isLower(toks[i+1].Value[0]) && !continuesQuant(toks[i+2].Value):
			return i + 2, fmt.Sprintf("expected `.` after `%s %s`, as in `%s %s. formula`", v, toks[i+1].Value, v, toks[i+1].Value)
		}
	}
	return 0, ""
}

// assignMessage words `=` where an action needs `:=`.
const assignMessage = "`=` compares; an assignment is written `:=`, as in `X := v` (a guard goes in `requires { ... }`)"

// isActionTarget reports whether the `=` at toks[i] follows the target of
// an action (`X` or `A[p]` right after the `{` or `;` of a transition's
// actions).
func isActionTarget(toks []tokSpan, i int) bool {
	j := i - 1
	if j >= 0 && toks[j].Value == "]" {
		for j >= 0 && toks[j].Value != "[" {
			j--
		}
		j--
	}
	if j < 1 || !isUpper(toks[j].Value[0]) {
		return false
	}
	start := toks[j-1].Value
	return (start == "{" || start == ";") && inActions(toks, j)
}

func isDeclKeyword(s string) bool { return s == "var" || s == "array" || s == "const" }

func isQuantifier(s string) bool {
	return s == "forall" || s == "exists" || s == "forall_other" || s == "exists_other"
}

// continuesQuant reports whether s may follow the first variable of a
// quantifier: the dot, or `<>` before another variable.
func continuesQuant(s string) bool { return s == "." || s == "<>" }

// endsTerm reports whether a token can end a term (so that a word after
// it must be an operator).
func endsTerm(s string) bool {
	return s == "]" || s == ")" || isUpper(s[0]) || isDigit(s[0])
}

// wordParseError words the error at toks[at] (the end of file when at is
// len(toks)) given the grammar participle expected there.
func wordParseError(toks []tokSpan, at int, expect string) string {
	got, prev := "", ""
	if at < len(toks) {
		got = toks[at].Value
	}
	if at > 0 {
		prev = toks[at-1].Value
	}
	actions := inActions(toks, at)
	unexpected := fmt.Sprintf("unexpected `%s`", got)
	if got == "" {
		unexpected = "unexpected end of file"
	}
	switch {
	case got == "" && expect == `"}"`:
		return "unexpected end of file: a `}` is missing"
	case got == ":=" && strings.HasPrefix(expect, `("="`):
		return "`:=` assigns, in a transition's actions only; a comparison is written `=`"
	case strings.HasPrefix(expect, `":="`) && got == "=":
		return assignMessage
	case strings.HasPrefix(expect, "(GCase | GNondet"):
		return fmt.Sprintf("%s: expected a value after `:=` (a term, `.` for any value, or a `case`)", unexpected)
	case strings.HasPrefix(expect, `":="`):
		return fmt.Sprintf("%s: expected `:=` after `%s`, as in `X := v`", unexpected, prev)
	case strings.HasPrefix(expect, "<mident>"):
		return capitalName(got, prev)
	case strings.HasPrefix(expect, "<lident>"):
		return fmt.Sprintf("%s: a type name starts with a lower-case letter, as in `type %s = ...`", unexpected, lowerFirst(got))
	case expect == "GIdent" && got != "" && isLower(got[0]):
		return fmt.Sprintf("a constructor starts with a capital letter: `%s`, not `%s`", upperFirst(got), got)
	case strings.HasPrefix(expect, "(<lident> | <mident>)") && keywords[got]:
		return fmt.Sprintf("`%s` is a keyword and cannot name a transition", got)
	case strings.HasPrefix(expect, `"{" GLet*`) && got == "requires":
		return "the guard after `requires` must be a formula in braces: `requires { formula }`"
	case strings.HasPrefix(expect, "(<lident> | <mident>)"):
		return fmt.Sprintf("%s: expected the transition's name, as in `transition take (p)`", unexpected)
	case strings.HasPrefix(expect, `"{" GLet*`):
		return fmt.Sprintf("%s: expected `{` and the transition's actions, after the guard `requires { ... }`", unexpected)
	case strings.HasPrefix(expect, `"(" GParam*`):
		return fmt.Sprintf("%s: expected the parameters after the transition's name, as in `transition %s (p)` (or `()` for none)", unexpected, prev)
	case expect == `")"` && keywords[got]:
		return fmt.Sprintf("`%s` is a keyword and cannot name a process", got)
	case expect == `")"` && got == ",":
		return "parameters are separated by spaces, not commas: `(p q)`"
	case strings.HasPrefix(expect, `")"`):
		return fmt.Sprintf("%s: expected `)` to close the parameters, as in `(p q)`", unexpected)
	case expect == `"]"`:
		return fmt.Sprintf("%s: expected `]` to close the brackets", unexpected)
	case expect == `"}"` && got == "," && actions:
		return "actions are separated by `;`, not `,`"
	case expect == `"}"` && got == "fence" && actions:
		return "fence() is only allowed in a transition's guard, as in `requires { fence() && ... }`"
	case expect == `"}"` && actions:
		return fmt.Sprintf("%s: expected `;` between actions, or `}` after the last one", unexpected)
	case expect == `"}"` && got == "|":
		return "a single `|` separates constructors and case branches; disjunction is `||`"
	case expect == `"}"`:
		return fmt.Sprintf("%s: expected an operator (`&&`, `||`, `=>`) or `}` to end the formula", unexpected)
	case strings.HasPrefix(expect, `("="`):
		return fmt.Sprintf("%s: expected a comparison (`=`, `<>`, `<`, `<=`, `>`, `>=`) after `%s`", unexpected, prev)
	case expect == "GTerm":
		return fmt.Sprintf("%s: expected a value after `%s` (a constructor, a variable, an array cell, a number or a process)", unexpected, prev)
	case expect == "GBranch+":
		return fmt.Sprintf("%s: each branch of a case starts with `|`, as in `case | A[j] = True : v | _ : w`", unexpected)
	case strings.HasPrefix(expect, `"else"`):
		return fmt.Sprintf("%s: an `if` formula needs `then` and `else`: `if c then f else g`", unexpected)
	case typeExpected(expect) && got == "[":
		return fmt.Sprintf("%s: expected the index types of `%s` closed by `]`, then `:` and a type, as in `array %s[proc] : bool`", unexpected, prev, prev)
	case typeExpected(expect):
		return fmt.Sprintf("%s: expected `:` and a type after `%s`, as in `%s`", unexpected, prev, declExample(toks, at, prev))
	case expect == "<int>":
		return fmt.Sprintf("%s: expected a number after `%s`", unexpected, prev)
	case expect == "" && got == "[":
		return "unexpected `[`: an array's index types follow its name, as in `array A[proc] : bool`"
	case expect == "" && got != "":
		return fmt.Sprintf("%s: expected a declaration or an item (%s)%s", unexpected,
			"`type`, `var`, `array`, `const`, `init`, `unsafe`, `invariant`, `transition`, `predicate`", didYouMean(got, itemKeywords))
	}
	return fmt.Sprintf("%s: expected %s", unexpected, grammarWords(expect))
}

// typeExpected reports whether the parser expected a declaration's `:`
// and type (or, the grammar allows it, a constant's `= n`).
func typeExpected(expect string) bool {
	return strings.HasPrefix(expect, `":" GLIdent`) || strings.HasPrefix(expect, `((":" GLIdent`)
}

// capitalName words a declaration whose name is not capitalised.
func capitalName(got, prev string) string {
	what := map[string]string{"var": "variable", "array": "array", "const": "constant"}[prev]
	if what == "" {
		what = "name"
	}
	if got == "" || keywords[got] || !isLetter(got[0]) {
		return fmt.Sprintf("unexpected `%s`: expected the %s's name, which starts with a capital letter", got, what)
	}
	return fmt.Sprintf("the name of %s starts with a capital letter: `%s`, not `%s`", article(what), upperFirst(got), got)
}

// inActions reports whether toks[at] lies in the actions of a transition:
// the innermost open `{` before it is a transition body, not a guard or
// an init, unsafe or invariant formula.
func inActions(toks []tokSpan, at int) bool {
	depth := 0
	for i := min(at, len(toks)) - 1; i >= 0; i-- {
		switch toks[i].Value {
		case "}":
			depth++
		case "{":
			if depth > 0 {
				depth--
				continue
			}
			return i > 0 && (toks[i-1].Value == ")" || toks[i-1].Value == "}") && !opensFormula(toks, i)
		}
	}
	return false
}

// opensFormula reports whether the `{` at toks[i] after `)` opens a
// formula: the parameters closed there belong to init, unsafe or
// invariant, not to a transition.
func opensFormula(toks []tokSpan, i int) bool {
	if toks[i-1].Value == "}" {
		return false // `requires { ... } {`: a transition body
	}
	for j := i - 2; j >= 0; j-- {
		if isItemKeyword(toks[j].Value) {
			return toks[j].Value != "transition"
		}
	}
	return false
}

// grammarWords renders what participle expected in words, for the
// expectations wordParseError has no sentence for.
func grammarWords(expect string) string {
	r := strings.NewReplacer("GTerm", "a value", "GFormula", "a formula", "GLIdent", "a lower-case name",
		"GIdent", "a capitalised name", "<lident>", "a lower-case name", "<mident>", "a capitalised name",
		"<int>", "a number", "GProc", "a process", "GParam", "a parameter", "\"", "`")
	return r.Replace(expect)
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// declExample is a declaration of name of the kind (var, array or const)
// of the one whose name ends before toks[at].
func declExample(toks []tokSpan, at int, name string) string {
	for i := at - 1; i >= 0 && i >= at-3; i-- {
		switch v := toks[i].Value; v {
		case "array":
			return fmt.Sprintf("array %s[proc] : bool", name)
		case "const":
			return fmt.Sprintf("const %s : int", name)
		}
	}
	return fmt.Sprintf("var %s : bool", name)
}
