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

// Buffering says how a model delays writes operationally.
type Buffering uint8

// The buffering disciplines.
const (
	NoBuffer            Buffering = iota // SC: writes go to memory at once
	ProcessFIFO                          // TSO: one FIFO of write groups per process
	ProcessLocationFIFO                  // PSO: one FIFO per process and location
)

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
	// Buffering tells how the operational semantics delays writes.
	Buffering() Buffering
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
func (sc) Buffering() Buffering               { return NoBuffer }
func (tso) Name() string                      { return "tso" }
func (tso) Buffering() Buffering              { return ProcessFIFO }
func (pso) Name() string                      { return "pso" }
func (pso) Buffering() Buffering              { return ProcessLocationFIFO }

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
