package memmodel_test

import (
	"fmt"
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/stretchr/testify/require"
)

func TestPreservedProgramOrder(t *testing.T) {
	R, W := memmodel.Read, memmodel.Write
	cases := []struct {
		model   memmodel.Model
		a, b    memmodel.Access
		sameLoc bool
		want    bool
	}{
		{memmodel.SC, W, R, false, true},
		{memmodel.SC, W, W, false, true},
		{memmodel.TSO, W, R, false, false},
		{memmodel.TSO, W, R, true, false},
		{memmodel.TSO, W, W, false, true},
		{memmodel.TSO, R, R, false, true},
		{memmodel.TSO, R, W, false, true},
		{memmodel.PSO, W, R, false, false},
		{memmodel.PSO, W, R, true, false},
		{memmodel.PSO, W, W, false, false},
		{memmodel.PSO, W, W, true, true},
		{memmodel.PSO, R, W, false, true},
		{memmodel.PSO, R, R, false, true},
	}
	for _, c := range cases {
		got := c.model.Preserved(c.a, c.b, c.sameLoc)
		require.Equal(t, c.want, got, "%s: %v->%v sameLoc=%v", c.model.Name(), c.a, c.b, c.sameLoc)
	}
}

func TestWritesInProgramOrder(t *testing.T) {
	require.True(t, memmodel.WritesInProgramOrder(memmodel.SC))
	require.True(t, memmodel.WritesInProgramOrder(memmodel.TSO))
	require.False(t, memmodel.WritesInProgramOrder(memmodel.PSO))
}

func TestByName(t *testing.T) {
	for _, n := range memmodel.Names {
		m, err := memmodel.ByName(n)
		require.NoError(t, err)
		require.Equal(t, n, m.Name())
	}
	_, err := memmodel.ByName("arm")
	require.EqualError(t, err, `unknown memory model "arm" (want sc, tso or pso)`)
}

func ExampleByName() {
	m, _ := memmodel.ByName("tso")
	fmt.Println(m.Name(), m.Preserved(memmodel.Write, memmodel.Read, false))
	// Output: tso false
}
