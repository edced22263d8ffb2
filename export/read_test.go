package export

import (
	"strings"
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

func TestReadPan(t *testing.T) {
	for _, c := range []struct {
		name, out string
		want      translate.Verdict
		states    int
		err       string
	}{
		{"safe", "State-vector 60 byte, depth reached 13, errors: 0\n      196 states, stored\n       37 states, matched\npan: elapsed time 0.01 seconds\n", translate.Safe, 196, ""},
		{"unsafe", "pan:1: assertion violated 0 (at depth 10)\nState-vector 28 byte, depth reached 11, errors: 1\n        5 states, stored\n", translate.Unsafe, 5, ""},
		{"depth", "error: max search depth too small\nState-vector 28 byte, depth reached 99, errors: 0\n  7 states, stored\n", translate.Unknown, 7, ""},
		{"memory", "pan: reached -DMEMLIM bound\nState-vector 28 byte, depth reached 9, errors: 0\n  7 states, stored\n", translate.Unknown, 7, ""},
		{"vector", "pan: error, VECTORSZ too small\nState-vector 2900 byte, depth reached 0, errors: 1\n        0 states, stored\n", 0, 0, "unexpected report"},
	} {
		res, err := readPan([]byte(c.out))
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want %q", c.name, err, c.err)
			}
			continue
		}
		if err != nil || res.Verdict != c.want || res.States != c.states {
			t.Errorf("%s: got %+v, %v; want %s with %d states", c.name, res, err, c.want, c.states)
		}
	}
}

// TestLowerQuantifiers pins how quantifiers expand for three processes:
// exists in an unsafe item avoids its parameters,
// forall_other in a guard skips the transition's parameters.
func TestLowerQuantifiers(t *testing.T) {
	src := `
type st = A | B
array S[proc] : st
init (p) { S[p] = A }
unsafe (p) { exists q. S[p] = B && S[q] = A }
transition go ([p]) requires { forall_other q. S[q] = A } { S[p] := B }
`
	m, err := syntax.ParseAndCheck("q.cub", []byte(src), syntax.CheckOptions{})
	if err != nil {
		t.Fatal(err)
	}
	lo, err := lowerModel(m, Options{N: 3, Model: memmodel.SC}, func(in *instance) *target {
		return &target{read: func(_, l int) string { return in.locs[l].ident }, ite: promelaIte}
	})
	if err != nil {
		t.Fatal(err)
	}
	wantUnsafe := "(((((S_1 == c_B) && (S_2 == c_A)) || ((S_1 == c_B) && (S_3 == c_A))) || (((S_2 == c_B) && (S_1 == c_A)) || ((S_2 == c_B) && (S_3 == c_A)))) || (((S_3 == c_B) && (S_1 == c_A)) || ((S_3 == c_B) && (S_2 == c_A))))"
	if lo.unsafe != wantUnsafe {
		t.Errorf("unsafe:\n got %s\nwant %s", lo.unsafe, wantUnsafe)
	}
	if len(lo.gs) != 3 {
		t.Fatalf("%d instances of go, want 3", len(lo.gs))
	}
	if g := lo.gs[1]; g.guard != "((S_1 == c_A) && (S_3 == c_A))" || g.slot != 2 || g.writes[0].loc != 1 {
		t.Errorf("go(#2): guard %s, slot %d, writes %+v", g.guard, g.slot, g.writes)
	}
	if got := lo.initAll(); got != "(((S_1 == c_A) && (S_2 == c_A)) && (S_3 == c_A))" {
		t.Errorf("init: %s", got)
	}
}
