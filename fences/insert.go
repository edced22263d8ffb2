package fences

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cubew/cubew/syntax"
)

// edit is a text insertion at a byte offset of the source.
type edit struct {
	at   int
	text string
}

// insertFences returns src with `fence()` added to the guards of the
// transitions of f at the indexes given (indexes into the transitions in
// file order), each as one more top-level conjunct: appended as
// `&& fence()` before the guard's closing brace, or put first as
// `fence() &&` when the guard ends in a quantifier (whose body would take
// an appended conjunct) or is a disjunction or implication (wrapped in
// parentheses then). A transition without `requires` gets one. The rest
// of the text, comments and layout included, is unchanged.
func insertFences(src []byte, f *syntax.File, at []int) ([]byte, error) {
	ts := transitions(f)
	var edits []edit
	for _, i := range at {
		if i < 0 || i >= len(ts) {
			return nil, fmt.Errorf("no transition %d", i)
		}
		es, err := guardEdits(src, f.Comments, ts[i])
		if err != nil {
			return nil, err
		}
		edits = append(edits, es...)
	}
	slices.SortStableFunc(edits, func(a, b edit) int { return b.at - a.at })
	out := slices.Clone(src)
	for _, e := range edits {
		out = slices.Insert(out, e.at, []byte(e.text)...)
	}
	return out, nil
}

// transitions lists the transitions of f in file order (the order of
// syntax.Model.Transitions).
func transitions(f *syntax.File) []*syntax.Transition {
	var ts []*syntax.Transition
	for _, it := range f.Items {
		if t, ok := it.(*syntax.Transition); ok {
			ts = append(ts, t)
		}
	}
	return ts
}

// guardEdits are the insertions that add a fence to t's guard.
func guardEdits(src []byte, comments []*syntax.Comment, t *syntax.Transition) ([]edit, error) {
	if t.Body.Line == 0 {
		return nil, fmt.Errorf("transition %s: no source position for its body", t.Name)
	}
	if t.Guard == nil {
		return []edit{{t.Body.Offset, "requires { fence() }\n"}}, nil
	}
	start := t.Guard.FormulaPos().Offset
	switch g := t.Guard.(type) {
	case *syntax.Binary:
		if g.Op != syntax.OpAnd {
			end, err := guardEnd(src, comments, t)
			return []edit{{start, "fence() && ("}, {end, ")"}}, err
		}
		if _, quant := lastConjunct(g).(*syntax.Quant); quant {
			return []edit{{start, "fence() && "}}, nil
		}
	case *syntax.Quant:
		return []edit{{start, "fence() && "}}, nil
	}
	end, err := guardEnd(src, comments, t)
	return []edit{{end, " && fence()"}}, err
}

// lastConjunct returns the last conjunct of a chain of `&&`.
func lastConjunct(f syntax.Formula) syntax.Formula {
	for {
		b, ok := f.(*syntax.Binary)
		if !ok || b.Op != syntax.OpAnd {
			return f
		}
		f = b.R
	}
}

// guardEnd returns the offset just after the last token of t's guard: the
// text before the closing brace of `requires { … }`, comments and spaces
// left out.
func guardEnd(src []byte, comments []*syntax.Comment, t *syntax.Transition) (int, error) {
	i := skipBack(src, comments, t.Body.Offset)
	if i == 0 || src[i-1] != '}' {
		return 0, fmt.Errorf("transition %s: no closing brace before its body", t.Name)
	}
	return skipBack(src, comments, i-1), nil
}

// skipBack returns the offset just after the last character before i that
// is neither a space nor inside a comment.
func skipBack(src []byte, comments []*syntax.Comment, i int) int {
	for i > 0 {
		if strings.ContainsRune(" \t\r\n", rune(src[i-1])) {
			i--
			continue
		}
		k := slices.IndexFunc(comments, func(c *syntax.Comment) bool { return c.Pos.Offset < i && i <= c.End.Offset })
		if k < 0 {
			return i
		}
		i = comments[k].Pos.Offset
	}
	return i
}

// hasFence reports whether f contains `fence()`.
func hasFence(f syntax.Formula) bool {
	switch f := f.(type) {
	case *syntax.Fence:
		return true
	case *syntax.Not:
		return hasFence(f.X)
	case *syntax.Binary:
		return hasFence(f.L) || hasFence(f.R)
	case *syntax.Ite:
		return hasFence(f.Cond) || hasFence(f.Then) || hasFence(f.Else)
	case *syntax.Quant:
		return hasFence(f.Body)
	}
	return false
}

// topFence reports whether f has `fence()` as a top-level conjunct.
func topFence(f syntax.Formula) bool {
	if b, ok := f.(*syntax.Binary); ok && b.Op == syntax.OpAnd {
		return topFence(b.L) || topFence(b.R)
	}
	_, ok := f.(*syntax.Fence)
	return ok
}

// Insert returns the model src (named name in positions) with `fence()`
// added to the guards of the transitions at the given indexes (into
// syntax.Model.Transitions, file order), as Synthesize writes its sets.
// Input errors come back as a syntax.ErrorList.
func Insert(name string, src []byte, at []int) ([]byte, error) {
	f, err := syntax.Parse(name, src)
	if err != nil {
		return nil, err
	}
	return insertFences(src, f, at)
}
