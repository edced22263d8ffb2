package smt

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

// scripted is a Solver that answers checks from a script and records the
// scopes and assertions. It implements only what CheckCube and Entails
// use; any other method panics through the nil embedded interface.
type scripted struct {
	Solver
	result Result
	err    error

	depth    int
	asserted []Term
	assumed  []Term
	next     Term
}

func (s *scripted) term() Term          { s.next++; return s.next }
func (s *scripted) And(ts ...Term) Term { return s.term() }
func (s *scripted) Or(ts ...Term) Term  { return s.term() }
func (s *scripted) Not(t Term) Term     { return s.term() }
func (s *scripted) Push()               { s.depth++ }
func (s *scripted) Pop(n int)           { s.depth -= n }
func (s *scripted) Assert(t Term)       { s.asserted = append(s.asserted, t) }
func (s *scripted) CheckAssumptions(_ context.Context, ts ...Term) (Result, error) {
	s.assumed = ts
	return s.result, s.err
}

// TestEntailsVerdicts checks how Entails reads each answer, and that it
// never claims an entailment it has not proved.
func TestEntailsVerdicts(t *testing.T) {
	broken := errors.New("solver broke")
	tests := []struct {
		name    string
		result  Result
		err     error
		want    bool
		wantErr error
	}{
		{"unsat", Unsat, nil, true, nil},
		{"sat", Sat, nil, false, nil},
		{"timeout", Unknown, nil, false, ErrUnknown},
		{"cancelled", Unknown, context.Canceled, false, context.Canceled},
		{"error", Unknown, broken, false, broken},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &scripted{result: tt.result, err: tt.err, next: 100}
			cube := []Term{1, 2}
			got, err := Entails(context.Background(), s, cube, [][]Term{{1}, {3, 4}})
			require.Equal(t, tt.want, got)
			require.ErrorIs(t, err, tt.wantErr)
			if tt.wantErr == nil {
				require.NoError(t, err)
			}
			require.Zero(t, s.depth, "the scope is popped")
			require.Equal(t, cube, s.assumed, "the cube is assumed")
			require.Len(t, s.asserted, 1, "¬(∨ cubes) is asserted")
		})
	}
}

// TestCheckCube checks that CheckCube assumes the cube's literals and
// leaves the scopes alone.
func TestCheckCube(t *testing.T) {
	s := &scripted{result: Sat}
	r, err := CheckCube(context.Background(), s, []Term{5, 6})
	require.NoError(t, err)
	require.Equal(t, Sat, r)
	require.Equal(t, []Term{5, 6}, s.assumed)
	require.Zero(t, s.depth)
	require.Empty(t, s.asserted)
}
