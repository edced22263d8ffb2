package memmodel

import "fmt"

// Access is the kind of a memory event.
type Access uint8

// The kinds of accesses.
const (
	Read Access = iota
	Write
)

func (a Access) String() string {
	if a == Write {
		return "W"
	}
	return "R"
}

// Model is a memory model. Implementations are stateless values.
type Model interface {
	// Name is the lower-case name used on the command line: sc, tso, pso.
	Name() string
	// Preserved reports whether program order from an earlier access a to
	// a later access b of the same process is kept in ghb (preserved
	// program order); sameLoc tells whether they touch the same location.
	// A process always reads its own latest write: that is a reads-from
	// rule, not an ordering.
	Preserved(a, b Access, sameLoc bool) bool
	// Buffered reports whether a process's writes wait in a store buffer
	// before they reach memory (TSO, PSO); false: writes go to memory at
	// once and every read reads memory (SC).
	Buffered() bool
	// LockedDrains reports whether a locked transition (one that reads and
	// writes weak memory: it writes memory directly) waits until an
	// earlier buffered write of its process has reached memory; sameLoc
	// tells whether that write is to a location the transition writes.
	// TSO drains the whole buffer, PSO the locations written.
	LockedDrains(sameLoc bool) bool
	// FlushesGroups reports the unit of a flush: true, the oldest group of
	// writes of a process's one FIFO buffer (TSO: a transition's writes
	// stay together); false, the oldest write of one location, each
	// process having one FIFO per location (PSO).
	FlushesGroups() bool
	// FenceOrders reports whether fence() orders a's access of its
	// process, before the fence, before b's, after it: every model's
	// fence is full (an mfence).
	FenceOrders(a, b Access) bool
}

type sc struct{}
type tso struct{}
type pso struct{}

// The three models.
var (
	SC  Model = sc{}
	TSO Model = tso{}
	PSO Model = pso{}
)

func (sc) Name() string                       { return "sc" }
func (sc) Preserved(_, _ Access, _ bool) bool { return true }
func (sc) Buffered() bool                     { return false }
func (sc) LockedDrains(bool) bool             { return true }
func (sc) FlushesGroups() bool                { return true }
func (sc) FenceOrders(_, _ Access) bool       { return true }
func (tso) Name() string                      { return "tso" }
func (tso) Buffered() bool                    { return true }
func (tso) LockedDrains(bool) bool            { return true }
func (tso) FlushesGroups() bool               { return true }
func (tso) FenceOrders(_, _ Access) bool      { return true }
func (pso) Name() string                      { return "pso" }
func (pso) Buffered() bool                    { return true }
func (pso) FlushesGroups() bool               { return false }
func (pso) FenceOrders(_, _ Access) bool      { return true }

// PSO drains, before a locked transition, only the buffers of the
// locations it writes.
func (pso) LockedDrains(sameLoc bool) bool { return sameLoc }

// TSO drops every write→read pair, also on one location: a read may take
// its value from the process's own buffered write (rfi) before that write
// is visible to others, which orders nothing globally.
func (tso) Preserved(a, b Access, _ bool) bool {
	return !(a == Write && b == Read)
}

// PSO also drops write→write pairs on different locations.
func (pso) Preserved(a, b Access, sameLoc bool) bool {
	return a == Read || a == Write && b == Write && sameLoc
}

// WritesInProgramOrder reports whether every process's writes become
// visible in program order, whatever their locations: write→write pairs
// on different locations are preserved (SC, TSO). Then an execution can be
// rearranged so that writes are issued in the order they become visible
// (the Dual-TSO view), and a backward search may take the coherence order
// of a location to be the order in which it generates the writes. Under
// PSO a later write of one process can become visible before an earlier
// one, so coherence between the writes of different processes is not
// known from the order of generation.
func WritesInProgramOrder(m Model) bool {
	return m.Preserved(Write, Write, false)
}

// Default returns the model used when none is chosen: TSO for a model
// that declares weak variables, SC otherwise (the command line's default
// too).
func Default(weak bool) Model {
	if weak {
		return TSO
	}
	return SC
}

// Or returns m, or Default(weak) when m is nil.
func Or(m Model, weak bool) Model {
	if m == nil {
		return Default(weak)
	}
	return m
}

// Names lists the models in the order the command line shows them.
var Names = []string{"sc", "tso", "pso"}

// ByName returns the model called name (sc, tso or pso).
func ByName(name string) (Model, error) {
	switch name {
	case "sc":
		return SC, nil
	case "tso":
		return TSO, nil
	case "pso":
		return PSO, nil
	}
	return nil, fmt.Errorf("unknown memory model %q (want sc, tso or pso)", name)
}
