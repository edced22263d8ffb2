package translate_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// countingStopper is done from its stopAt-th poll on.
type countingStopper struct{ polls, stopAt int }

func (s *countingStopper) Err() error {
	s.polls++
	if s.polls >= s.stopAt {
		return context.Canceled
	}
	return nil
}

// manyDisjunctions is a model whose unsafe formula is a conjunction of n
// disjunctions: 2^n cubes in disjunctive normal form.
func manyDisjunctions(n int) string {
	var decls, conj []string
	for i := 0; i < n; i++ {
		decls = append(decls, fmt.Sprintf("var A%d : bool\nvar B%d : bool", i, i))
		conj = append(conj, fmt.Sprintf("(A%d = True || B%d = True)", i, i))
	}
	return strings.Join(decls, "\n") + "\ninit () { A0 = False }\nunsafe () { " + strings.Join(conj, " && ") + " }\n"
}

// TestBuildPollsWhileExpandingDNF: the 2^21 cubes of the unsafe formula
// are never all made when the stopper says stop; the build polls once in
// a thousand or so conjunctions and returns the stopper's error.
func TestBuildPollsWhileExpandingDNF(t *testing.T) {
	m, err := syntax.ParseAndCheck("dnf.cub", []byte(manyDisjunctions(21)), syntax.CheckOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s := &countingStopper{stopAt: 3}
	sys, err := translate.BuildContext(s, m)
	if !errors.Is(err, context.Canceled) || sys != nil {
		t.Fatalf("BuildContext = %v, %v; want nil, context.Canceled", sys, err)
	}
	if s.polls != 3 {
		t.Errorf("%d polls, want 3 (the build stops at the first done poll)", s.polls)
	}
	// Uncancelled, a small instance builds in full.
	m, err = syntax.ParseAndCheck("dnf.cub", []byte(manyDisjunctions(3)), syntax.CheckOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sys, err = translate.BuildContext(context.Background(), m)
	want, werr := translate.Build(m)
	if err != nil || werr != nil || len(sys.Unsafe) != len(want.Unsafe) || len(sys.Unsafe) == 0 {
		t.Fatalf("BuildContext of 3 disjunctions: %v, %d unsafe cubes; Build: %v", err, len(sys.Unsafe), werr)
	}
}
