package main

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/stretchr/testify/require"
)

func execOf(t *testing.T, args ...string) jsonTrace {
	t.Helper()
	code, out, errs := cubew(t, append([]string{"check", "--format", "json"}, args...)...)
	require.Equal(t, exitUnsafe, code, errs)
	r := decodeJSON(t, out).Results[0]
	require.NotNil(t, r.Trace)
	require.NotNil(t, r.Trace.Execution, "no execution: %s", r.Trace.Error)
	return *r.Trace
}

// TestExecutionForwarding: a process reads its own buffered write (store
// forwarding) while the other process still sees the initial value.
func TestExecutionForwarding(t *testing.T) {
	x := execOf(t, "../../examples/litmus/forwarding.cub").Execution
	own := 0
	for _, e := range x.Events {
		if e.Kind == "read" && e.From != "init" {
			w := slices.IndexFunc(x.Events, func(f jsonEvent) bool { return f.ID == e.From })
			require.GreaterOrEqual(t, w, 0)
			require.Equal(t, e.Process, x.Events[w].Process, "reads from its own write")
			require.Contains(t, x.Pending, e.From, "which is still buffered")
			require.Equal(t, x.Events[w].Value, e.Value)
			own++
		}
	}
	require.Equal(t, 2, own)
	require.Len(t, x.FR, 2, "each other-location read is fr-before the other's write")
}

// TestExecutionFlush: a write becomes visible by a flush step, and a read
// after it reads it from memory.
func TestExecutionFlush(t *testing.T) {
	tr := execOf(t, "../../examples/litmus/rwc.cub")
	x := tr.Execution
	i := slices.IndexFunc(x.Steps, func(s jsonExecStep) bool { return s.Kind == "flush" })
	require.GreaterOrEqual(t, i, 0, "a flush step")
	flushed := x.Steps[i].Events[0]
	var reader *jsonEvent
	for k := range x.Events {
		if x.Events[k].From == flushed && x.Events[k].Process != x.Steps[i].Process {
			reader = &x.Events[k]
		}
	}
	require.NotNil(t, reader, "another process reads the flushed write")
	require.Greater(t, reader.Step, x.Steps[i].Index, "after the flush")
	require.NotContains(t, x.Pending, flushed)
}

// TestExecutionFinalReads: the unsafe property's p @ X reads are events of
// the unsafe state, one reading its own buffer, one memory.
func TestExecutionFinalReads(t *testing.T) {
	tr := execOf(t, "testdata/final_reads.cub")
	x := tr.Execution
	require.Len(t, x.Final, 2)
	require.Equal(t, []jsonEvent{
		{ID: "e2", Process: tr.Witness[0], Step: 2, Kind: "read", Location: "X", Value: "1", From: "e1"},
		{ID: "e3", Process: tr.Witness[1], Step: 2, Kind: "read", Location: "X", Value: "0", From: "init"},
	}, x.Events[1:])
	code, out, _ := cubew(t, "check", "--trace", "testdata/final_reads.cub")
	require.Equal(t, exitUnsafe, code)
	require.Contains(t, out, "which read now:\n          e2  #2 R X = 1  from e1 (own buffer)\n          e3  #1 R X = 0  from init\n")
}

// TestExecutionReordered: the backward search may list a weak trace's
// steps in an order that cannot run (peterson_2_us: a read must come
// before another process's buffered write drains); the execution is found
// among the orders that keep each process's steps in order, and the trace
// is shown in that order.
func TestExecutionReordered(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err, "the shared corpus (CUBEW_CORPUS)")
	path := filepath.Join(dir, "cubicle-w/cubtso/peterson_2_us.cub")
	tr := execOf(t, "--verify-trace", path)
	x := tr.Execution
	require.Len(t, tr.Steps, 6)
	last := map[int]int{}
	for _, s := range x.Steps {
		if s.Kind == "transition" {
			require.Equal(t, tr.Steps[s.Index-1].Transition, s.Transition, "trace and execution agree")
			require.Greater(t, s.Index, last[s.Process])
			last[s.Process] = s.Index
		}
	}
	code, out, _ := cubew(t, "check", "--verify-trace", path)
	require.Equal(t, exitUnsafe, code, out)
}

// TestExecutionOwnCell: in a model without weak variables a process's own
// cells are its registers and their accesses are not shown, except the
// writes to a cell another process reads, so that the read names the
// write it reads from: observe(#2, #1) reads A[#1] = 2 from second(#1)'s
// write, not the initial 0. The bounded engine shows the same execution.
func TestExecutionOwnCell(t *testing.T) {
	const file = "testdata/own_cell.cub"
	code, out, errs := cubew(t, "check", "--trace", file)
	require.Equal(t, exitUnsafe, code, errs)
	golden(t, "own_cell.trace.txt", normalize(out))
	code, out, errs = cubew(t, "check", "--format", "json", file)
	require.Equal(t, exitUnsafe, code, errs)
	golden(t, "own_cell.json", normalize(out))
	x := decodeJSON(t, out).Results[0].Trace.Execution
	require.Equal(t, []jsonEvent{
		{ID: "e1", Process: 1, Step: 1, Kind: "write", Location: "A[#1]", Value: "1"},
		{ID: "e2", Process: 1, Step: 2, Kind: "write", Location: "A[#1]", Value: "2"},
		{ID: "e3", Process: 2, Step: 3, Kind: "read", Location: "A[#1]", Value: "2", From: "e2"},
	}, x.Events)
	require.Equal(t, []jsonCoherence{{Location: "A[#1]", Writes: []string{"e1", "e2"}}}, x.CO)
	require.Equal(t, []jsonEdge{{From: "e2", To: "e3"}}, x.RF)
	require.Empty(t, x.FR)

	code, out, errs = cubew(t, "bounded", "--procs", "2", "--format", "json", file)
	require.Equal(t, exitUnsafe, code, errs)
	require.Equal(t, x, decodeJSON(t, out).Results[0].Trace.Execution)
}
