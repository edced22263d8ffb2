package syntax_test

import (
	"testing"

	"github.com/cubew/cubew/syntax"
	"github.com/stretchr/testify/require"
)

// TestPrintComments pins where the printer puts comments: leading comments
// before their entry (with a source blank line around them kept at top
// level), trailing ones at the end of the printed line, and own-line ones
// inside a block that is then broken over several lines.
func TestPrintComments(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"header and trailing",
			"(* Header *)\n\n(* about t *)\ntype t = A | B (* two *)\n\nvar X : t   (* the state *)\n",
			"(* Header *)\n\n(* about t *)\ntype t = A | B (* two *)\n\nvar X : t (* the state *)\n"},
		{"comments between declarations of a group",
			"var X : bool\n\n(* second *)\nvar Y : bool\n(* third *)\nvar Z : bool\n",
			"var X : bool\n\n(* second *)\nvar Y : bool\n(* third *)\nvar Z : bool\n"},
		{"inside a one-line guard",
			"transition t (p)\nrequires { A[p] = B (* && C *) }\n{ A[p] := C }\n",
			"transition t (p)\nrequires { A[p] = B } (* && C *)\n{ A[p] := C }\n"},
		{"own line at the end of a body",
			"transition t (p)\n{ A[p] := C;\n  (* X := D *)\n}\n",
			"transition t (p)\n{\n  A[p] := C\n  (* X := D *)\n}\n"},
		{"own line inside init",
			"init (p) { A[p] = B &&\n  (* not yet: X = C && *)\n  Y = D }\n",
			"init (p) {\n  A[p] = B &&\n  (* not yet: X = C && *)\n  Y = D\n}\n"},
		{"between items and at the end",
			"init (p) { A[p] = B }\n(* the bad states *)\n\nunsafe (p q) { A[p] = C && A[q] = C }\n(* end *)\n",
			"init (p) { A[p] = B }\n\n(* the bad states *)\n\nunsafe (p q) { A[p] = C && A[q] = C }\n(* end *)\n"},
		{"case branches",
			"transition t (p)\n{ A[j] := case | j = p : C (* mine *)\n  (* | j = q : D *)\n  | _ : B }\n",
			"transition t (p)\n{\n  A[j] := case\n    | j = p : C (* mine *)\n    (* | j = q : D *)\n    | _ : B\n}\n"},
		{"two on a line, nested",
			"(* a *) (* b (* nested *) *)\nvar X : int\n",
			"(* a *) (* b (* nested *) *)\nvar X : int\n"},
		{"between header and guard",
			"transition t ([p]) (* acting *)\n(* needs a fence *)\nrequires { fence() }\n{ }\n",
			"transition t ([p]) (* acting *)\n(* needs a fence *)\nrequires { fence() }\n{ }\n"},
		{"multi-line comment keeps its text",
			"(* one\n   two\n*)\nvar X : int\n",
			"(* one\n   two\n*)\nvar X : int\n"},
		{"only a comment", "(* nothing yet *)\n", "(* nothing yet *)\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := syntax.Parse("t.cub", []byte(c.src))
			require.NoError(t, err)
			got := syntax.Print(f)
			require.Equal(t, c.want, got)
			assertRoundTrip(t, f)
			g, err := syntax.Parse("t.cub", []byte(got))
			require.NoError(t, err)
			require.Equal(t, got, syntax.Print(g), "not idempotent")
		})
	}
}
