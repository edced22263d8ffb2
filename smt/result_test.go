package smt

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestResultString(t *testing.T) {
	tests := []struct {
		r    Result
		want string
	}{
		{Sat, "sat"},
		{Unsat, "unsat"},
		{Unknown, "unknown"},
		{Result(7), "Result(7)"},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, tt.r.String())
	}
	var zero Result
	require.Equal(t, Unknown, zero, "the zero Result claims nothing")
}
