package decide_test

import (
	"testing"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// TestBrabFinalReadCandidate: two-phase commit, whose unsafe formula
// reads what two agents would read (`m @ Astate[m] = Committed && n @
// Astate[n] = Aborted`), approximated from the first node under TSO with
// an oracle over 1..3 processes: one candidate is inferred and proved, a
// final read's value beside a program counter (`PC[#2] = A1 &&
// val(e0) = Committed`: an agent that has not voted while another would
// read Committed), which the oracle's states (memory plus store buffers)
// never show; SAFE, as expected.tsv says, in 47 nodes against 50
// exactly (55 and 62 before the reads of owned cells lost their incoming
// pairs and isolated classes, reach/owned.go).
func TestBrabFinalReadCandidate(t *testing.T) {
	path := corpusFile(t, "cubicle-w/cubtso/two_phase_N.cub")
	res := checkBrab(t, path, memmodel.TSO, 3, 2000)
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	require.Equal(t, 1, res.Stats.Candidates)
	require.Zero(t, res.Stats.Refuted)
	require.Len(t, res.Inferred, 1)
	c := res.Inferred[0]
	require.Len(t, c.Events, 1, c.String())
	require.True(t, c.Events[0].Final, c.String())
	require.Equal(t, "Astate", c.Events[0].Loc.Name)
	require.Equal(t, "PC[#2] = A1 && val(e0) = Committed", c.String())
	require.Equal(t, 47, res.Stats.Nodes)
}
