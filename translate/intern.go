package translate

import (
	"maps"
	"strings"
	"sync"
	"sync/atomic"
)

// termTables index the interned terms by kind.
type termTables struct {
	state map[stateID]*Term // state, read and value terms
	proc  map[Proc]*Term
	ctor  map[string]*Term
	lin   map[linID]*Term
}

func newTermTables() *termTables {
	return &termTables{state: map[stateID]*Term{}, proc: map[Proc]*Term{}, ctor: map[string]*Term{}, lin: map[linID]*Term{}}
}

// clone returns a copy of the tables.
func (tt *termTables) clone() *termTables {
	return &termTables{state: maps.Clone(tt.state), proc: maps.Clone(tt.proc), ctor: maps.Clone(tt.ctor), lin: maps.Clone(tt.lin)}
}

// size is the number of terms in the tables.
func (tt *termTables) size() int { return len(tt.state) + len(tt.proc) + len(tt.ctor) + len(tt.lin) }

// find returns the term of tt structurally equal to t, nil when there is
// none (or tt is nil).
func (tt *termTables) find(t *Term) *Term {
	if tt == nil {
		return nil
	}
	switch t.Kind {
	case KState, KRead:
		return tt.state[stateKey(t.Kind, t.Sym, t.Args)]
	case KVal:
		return tt.state[stateKey(KVal, t.Sym, []Proc{t.P})]
	case KProc:
		return tt.proc[t.P]
	case KCtor:
		return tt.ctor[t.Ctor]
	case KLin:
		return tt.lin[linID{t.Base, t.offKey}]
	}
	return nil
}

// add indexes t, which find does not know yet.
func (tt *termTables) add(t *Term) {
	switch t.Kind {
	case KState, KRead:
		tt.state[stateKey(t.Kind, t.Sym, t.Args)] = t
	case KVal:
		tt.state[stateKey(KVal, t.Sym, []Proc{t.P})] = t
	case KProc:
		tt.proc[t.P] = t
	case KCtor:
		tt.ctor[t.Ctor] = t
	case KLin:
		tt.lin[linID{t.Base, t.offKey}] = t
	}
}

// terms hash-conses every term: structurally equal terms are the same
// pointer, so terms and literals compare with == and serve as map keys.
// The workers of a search intern terms all the time, nearly always terms
// that exist already: they find them in published, a copy of the tables
// that is never written, without a lock (a shared read lock is one
// counter that every core writes); only the terms made since the copy
// take the mutex. A new copy is published when the terms made since the
// last one reach half its size, or when the finds under the mutex of
// terms the copy lacks reach the tables' size, so copying costs O(1) per
// term made or found under the mutex. (A search that makes few terms
// would otherwise find its newest ones under the mutex forever:
// sense_barrier made 55 terms, no copy, and 88,000 finds locked.)
var terms = struct {
	sync.Mutex
	live   *termTables // every term
	added  int         // terms of live not in published
	locked int         // finds under the mutex since the last copy
	n      uint32      // the last term's id
}{live: newTermTables()}

// published is the latest copy of terms.live.
var published atomic.Pointer[termTables]

// intern returns the shared term structurally equal to t.
func intern(t *Term) *Term {
	if t.Kind == KLin {
		var b strings.Builder
		t.Off.writeKey(&b, t.Base != nil)
		t.offKey = b.String()
	}
	if u := published.Load().find(t); u != nil {
		return u
	}
	terms.Lock()
	defer terms.Unlock()
	if u := terms.live.find(t); u != nil {
		foundLocked()
		return u
	}
	var b strings.Builder
	t.writeKey(&b)
	t.key = b.String()
	t.hash = hashString(t.key)
	t.offHash = hashString(t.offKey)
	terms.n++
	t.id = terms.n
	terms.live.add(t)
	terms.added++
	publishIfDue()
	return t
}

// foundLocked counts a term found under the mutex that published lacks;
// terms must be locked.
func foundLocked() {
	terms.locked++
	publishIfDue()
}

// publishIfDue publishes a copy of terms.live when the terms made or
// found under the mutex since the last copy pay for it (see terms);
// terms must be locked.
func publishIfDue() {
	p := published.Load()
	if p == nil || 2*terms.added >= p.size() || terms.locked >= terms.live.size() {
		published.Store(terms.live.clone())
		terms.added, terms.locked = 0, 0
	}
}

// lookupState returns the interned state, read or value term of id, nil
// when there is none yet.
func lookupState(id stateID) *Term {
	return lookup(id, func(tt *termTables) map[stateID]*Term { return tt.state })
}

// lookup returns the interned term of key k in the table of tables that
// table picks, nil when there is none yet; it allocates nothing.
func lookup[K comparable](k K, table func(*termTables) map[K]*Term) *Term {
	if p := published.Load(); p != nil {
		if u := table(p)[k]; u != nil {
			return u
		}
	}
	terms.Lock()
	defer terms.Unlock()
	u := table(terms.live)[k]
	if u != nil {
		foundLocked()
	}
	return u
}
