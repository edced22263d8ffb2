package syntax_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/cubew/cubew/syntax"
	"github.com/stretchr/testify/require"
)

// TestParseStructure pins how precedence and quantifier scope are read,
// through the canonical printer (which parenthesises only where needed).
func TestParseStructure(t *testing.T) {
	cases := []struct{ formula, want string }{
		{"A = B && C = D || E = F", "A = B && C = D || E = F"},
		{"(A = B || C = D) && E = F", "(A = B || C = D) && E = F"},
		{"not A = B && C = D", "not A = B && C = D"},
		{"not (A = B && C = D)", "not (A = B && C = D)"},
		{"A = B => C = D => E = F", "A = B => C = D => E = F"},
		{"(A = B => C = D) => E = F", "(A = B => C = D) => E = F"},
		{"if A = B then C = D else E = F && G = H", "if A = B then C = D else E = F && G = H"},
		{"if A = B then C = D else (E = F && G = H)", "if A = B then C = D else (E = F && G = H)"},
		{"A[i] = B && forall_other j. A[j] = C && G = D", "A[i] = B && forall_other j. A[j] = C && G = D"},
		{"A[i] = B && (forall_other j. A[j] = C) && G = D", "A[i] = B && (forall_other j. A[j] = C) && G = D"},
		{"(A[i] = B && forall_other j. A[j] = C) || G = D", "(A[i] = B && forall_other j. A[j] = C) || G = D"},
		{"X = Y + 1 && X - 1 = Y && X + -1 = Y", "X = Y + 1 && X - 1 = Y && X + -1 = Y"},
		{"X = Y + C && X = Y + 2 * C && X = Y - C * 2 && X = 3 * C", "X = Y + C && X = Y + 2 * C && X = Y - C * 2 && X = 3 * C"},
		{"T = 1.5 && T < 2. && true && not false", "T = 1.5 && T < 2. && true && not false"},
		{"i < j && i <= j && i > j && i >= j && i <> j", "i < j && i <= j && i > j && i >= j && i <> j"},
		{"fence() && p(i, A[i], #1)", "fence() && p(i, A[i], #1)"},
	}
	for _, c := range cases {
		src := "number_procs 2\ninit (i j) { " + c.formula + " }\n"
		f, err := syntax.Parse("t.cub", []byte(src))
		require.NoError(t, err, c.formula)
		got := syntax.Print(f)
		require.Equal(t, "number_procs 2\n\ninit (i j) { "+c.want+" }\n", got, c.formula)
	}
}

func TestParseSyntaxErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"init (i) { X-1 = Y }", "t.cub:1:13: syntax error: unexpected `-1`: expected a comparison (`=`, `<>`, `<`, `<=`, `>`, `>=`) after `X`"},
		{"init (i) { X = Y (* open", "t.cub:1:18: unterminated comment: this `(*` has no closing `*)`"},
		{"init (i) { X = Y } !", "t.cub:1:20: `!` is not an operator: negation is `not`"},
		{"init (i) { X = #0 }", "t.cub:1:16: process constant must be #1, #2, ... (processes are numbered from 1)"},
		{"init (i) { X = true }", "t.cub:1:16: syntax error: `true` is a formula, not a value: the boolean values are `True` and `False`"},
		{"init (i, j) { X = Y }", "t.cub:1:8: syntax error: parameters are separated by spaces, not commas: `(p q)`"},
		{"init (i) { X = Y = Z }", "t.cub:1:18: syntax error: unexpected `=`: expected an operator (`&&`, `||`, `=>`) or `}` to end the formula"},
		{"init (i) { X = Y", "t.cub:1:17: syntax error: unexpected end of file: a `}` is missing"},
		{"init (in) { X = Y }", "t.cub:1:7: syntax error: `in` is a keyword and cannot name a process"},
		{"transition t (i) { A[i] := . ", "t.cub:1:30: syntax error: unexpected end of file: a `}` is missing"},
		{"number_procs 2 number_procs 3", "t.cub:1:16: number_procs declared twice"},
		{"var X : int[proc]", "t.cub:1:12: syntax error: unexpected `[`: an array's index types follow its name, as in `array A[proc] : bool`"},
	}
	for _, c := range cases {
		_, err := syntax.Parse("t.cub", []byte(c.src))
		require.Error(t, err, c.src)
		var list syntax.ErrorList
		require.True(t, errors.As(err, &list), "error without position: %v", err)
		require.True(t, err.Error() == c.want, "%s\ngot  %s\nwant %s", c.src, err, c.want)
	}
}

// FuzzParse checks that Parse never panics, that every error is positioned,
// that whatever parses round-trips through the printer, and that the fast
// parser and participle agree (syntax.RequireParsersAgree).
func FuzzParse(f *testing.F) {
	for _, src := range corpusSources(f) {
		f.Add(src)
	}
	f.Add([]byte("init (i) { (* (* *) *) X = i @ Y + -2 * C }"))
	f.Add([]byte("number_procs 32769\ntype loc = A | B\narray Pc[proc] : loc\ninit (p) { Pc[p] = A }\nunsafe (p) { Pc[p] = B && p = #32769 }\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		syntax.RequireParsersAgree(t, "fuzz.cub", src)
		file, err := syntax.Parse("fuzz.cub", src)
		if err != nil {
			var list syntax.ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("error without position: %v", err)
			}
			if strings.Contains(err.Error(), "internal error") {
				t.Fatalf("parser bug: %v", err)
			}
			return
		}
		assertRoundTrip(t, file)
	})
}

func BenchmarkParseCorpus(b *testing.B) {
	srcs := corpusSources(b)
	total := 0
	for _, s := range srcs {
		total += len(s)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	for b.Loop() {
		for name, src := range srcs {
			if _, err := syntax.Parse(name, src); err != nil {
				b.Fatal(err)
			}
		}
	}
}
