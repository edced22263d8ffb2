package translate_test

import (
	"context"
	"errors"
	"testing"

	"github.com/cubew/cubew/internal/slowmodels"
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

// TestBuildPollsWhileExpandingDNF: the 2^21 cubes of the unsafe formula
// are never all made when the stopper says stop; the build polls once in
// a thousand or so conjunctions and returns the stopper's error.
func TestBuildPollsWhileExpandingDNF(t *testing.T) {
	m, err := syntax.ParseAndCheck("dnf.cub", []byte(slowmodels.Disjunctions(21)), syntax.CheckOptions{})
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
	m, err = syntax.ParseAndCheck("dnf.cub", []byte(slowmodels.Disjunctions(3)), syntax.CheckOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sys, err = translate.BuildContext(context.Background(), m)
	want, werr := translate.Build(m)
	if err != nil || werr != nil || len(sys.Unsafe) != len(want.Unsafe) || len(sys.Unsafe) == 0 {
		t.Fatalf("BuildContext of 3 disjunctions: %v, %d unsafe cubes; Build: %v", err, len(sys.Unsafe), werr)
	}
}
