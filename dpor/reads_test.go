package dpor

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cubew/cubew/memmodel"
)

// readsOf renders the reads and flushes of a witness, one step a line.
func readsOf(w *Witness) string {
	var b strings.Builder
	ref := func(r WriteRef) string {
		if r == Initial {
			return "init"
		}
		return fmt.Sprintf("%d.%d", r.Step+1, r.Write+1)
	}
	for i, s := range w.Steps {
		fmt.Fprintf(&b, "%d %s:", i+1, s)
		for _, r := range s.Reads {
			fmt.Fprintf(&b, " #%d %s=%s<-%s", r.Proc, r.Loc, r.Value, ref(r.From))
			if r.Own {
				b.WriteString("(own)")
			}
		}
		for _, f := range s.Flushed {
			fmt.Fprintf(&b, " %s", ref(f))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// TestWitnessReads: a witness names, for every read, the write it reads
// from (step.write, 1-based, or init), and every flush the writes it
// makes visible: #2 enters by the turn because #1's T := #2 (step 2)
// reaches memory after #2's T := #1.
func TestWitnessReads(t *testing.T) {
	m := load(t, turnSrc, false)
	opts := Options{N: 2, Model: memmodel.TSO}
	steps := traceSteps(m, "set", []int{1}, "give", []int{1, 2}, "by_flag", []int{1, 2},
		"set", []int{2}, "give", []int{2, 1}, "by_turn", []int{2})
	w, err := ReplayTrace(context.Background(), m, opts, steps, "unsafe[1]")
	require.NoError(t, err)
	require.Equal(t, `1 set(#1): #1 PC[#1]=A<-init
2 give(#1, #2): #1 PC[#1]=B<-1.1
3 by_flag(#1, #2): #1 PC[#1]=C<-2.1 #1 W[#2]=False<-init
4 set(#2): #2 PC[#2]=A<-init
5 give(#2, #1): #2 PC[#2]=B<-4.1
6 flush #1: W[#1]=True: 1.2
7 flush #2: W[#2]=True: 4.2
8 flush #2: T=#1: 5.2
9 flush #1: T=#2: 2.2
10 by_turn(#2): #2 PC[#2]=C<-5.1 #2 T=#2<-2.2
`, readsOf(w))
	require.Empty(t, w.FinalReads, "the unsafe item reads no p @ X")
}
