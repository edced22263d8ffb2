package oracle

import (
	"context"
	"sync"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// Lazy is an oracle explored on its first question, so that a search that
// never approximates (one decided before reach.Options.ApproxAfter nodes)
// pays nothing for it. An exploration that fails answers "reached" to
// every cube: no candidate is ever proposed.
type Lazy struct {
	maxVars int
	explore func() (*Oracle, error)
	// cheap is explore giving up with errNotCheap past CheapStates
	// states of an instance (newWithin).
	cheap   func() (*Oracle, error)
	mu      sync.Mutex
	done    bool // explored (o or err is set)
	o       *Oracle
	err     error
	probed  bool // Cheap was answered (isCheap)
	isCheap bool
}

// NewLazy returns the oracle New(ctx, m, mm, n, maxStates) would build,
// explored when first asked.
func NewLazy(ctx context.Context, m *syntax.Model, mm memmodel.Model, n, maxStates int) *Lazy {
	if m.NumProcs > 0 {
		n = min(n, m.NumProcs)
	}
	return &Lazy{maxVars: n,
		explore: func() (*Oracle, error) { return New(ctx, m, mm, n, maxStates) },
		cheap:   func() (*Oracle, error) { return newWithin(ctx, m, mm, n, maxStates, CheapStates) }}
}

// Cheap reports whether the oracle is cheap to explore: each of its
// instances with 1..MaxVars processes is complete within CheapStates
// states, and safe. A cheap oracle is explored at once, in the same
// exploration (the oracle New gives); one that is not stays unexplored
// (explored on its first question, as before), the cost of the answer
// being at most CheapStates states of each instance up to the first that
// exceeds them. An exploration error leaves it unexplored too (the first
// question meets it again); an oracle explored already is cheap. It is
// asked once (the answer is kept), and is safe for concurrent use.
func (l *Lazy) Cheap() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.probed {
		l.probed = true
		if l.done {
			l.isCheap = l.err == nil // explored already: nothing more to pay
		} else if o, err := l.cheap(); err == nil {
			l.o, l.done, l.isCheap = o, true, true
		}
	}
	return l.isCheap
}

// MaxVars is the most variables of a cube the oracle finds unreached (n
// of New).
func (l *Lazy) MaxVars() int { return l.maxVars }

// Reached is Oracle.Reached once explored; true when the exploration
// failed. It is safe for concurrent use.
func (l *Lazy) Reached(c *translate.Cube) bool {
	o, err := l.get()
	if err != nil {
		return true
	}
	return o.Reached(c)
}

// Grow is Oracle.Grow once explored; false before, or when the
// exploration failed. It is safe for concurrent use.
func (l *Lazy) Grow() bool {
	o, err := l.Explored()
	if o == nil || err != nil {
		return false
	}
	return o.Grow()
}

// Deepen is Oracle.Deepen once explored; false before (a search that
// never asked explores nothing), or when the exploration failed. It is
// safe for concurrent use.
func (l *Lazy) Deepen() bool {
	o, err := l.Explored()
	if o == nil || err != nil {
		return false
	}
	return o.Deepen()
}

func (l *Lazy) get() (*Oracle, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.done {
		l.o, l.err = l.explore()
		l.done = true
	}
	return l.o, l.err
}

// Explored returns the oracle if some question explored it (nil, nil if
// none did), or the reason the exploration failed.
func (l *Lazy) Explored() (*Oracle, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.o, l.err
}
