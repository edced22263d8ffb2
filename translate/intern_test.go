package translate

import (
	"sync"
	"testing"

	"github.com/cubew/cubew/syntax"
)

// TestInternConcurrent interns the same 4 × 500 state terms from 8
// goroutines at once (run with -race): each term is made once, whoever
// asks first, so every goroutine gets the same pointer, and the ids are
// distinct; the lock-free copy, published as the table grows, holds all
// of them but those made since, and the same pointers.
func TestInternConcurrent(t *testing.T) {
	syms := make([]*syntax.Symbol, 4)
	for i := range syms {
		syms[i] = &syntax.Symbol{Name: "InternTest" + string(rune('A'+i)), Arity: 2}
	}
	const goroutines, cells = 8, 500
	got := make([][]*Term, goroutines)
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range cells {
				for _, s := range syms {
					u := StateTerm(s, Proc(k%25+1), Proc(k/25+1))
					if g%2 == 1 { // half of them find the term by renaming a known one
						u = StateTerm(s, 1, 1).Rename(func(p Proc) Proc { return map[Proc]Proc{1: Proc(k%25 + 1)}[p] })
						u = StateTerm(s, u.Args[0], Proc(k/25+1))
					}
					got[g] = append(got[g], u)
				}
			}
		}()
	}
	wg.Wait()
	ids := map[uint32]*Term{}
	for i, u := range got[0] {
		for g := 1; g < goroutines; g++ {
			if got[g][i] != u {
				t.Fatalf("goroutine %d term %d: %s at %p, want the pointer %p of goroutine 0", g, i, got[g][i].Key(), got[g][i], u)
			}
		}
		if v, ok := ids[u.id]; ok && v != u {
			t.Fatalf("id %d of %s and %s", u.id, u.Key(), v.Key())
		}
		ids[u.id] = u
	}
	if len(ids) != len(syms)*cells {
		t.Fatalf("%d distinct terms, want %d", len(ids), len(syms)*cells)
	}
	p := published.Load()
	if p == nil || p.size()+terms.added != terms.live.size() {
		t.Fatalf("published copy of %d terms and %d since, want the %d terms made", p.size(), terms.added, terms.live.size())
	}
	found := 0
	for _, u := range ids {
		switch p.find(u) {
		case u:
			found++
		case nil:
		default:
			t.Fatalf("%s: the published copy gives another term", u.Key())
		}
	}
	if found < len(ids)-terms.added {
		t.Fatalf("published copy has %d of the %d terms, %d made since", found, len(ids), terms.added)
	}
}

// TestInternPublishesFoundTerms makes a term that the lock-free copy
// lacks, then finds it again and again, as a search finds its few newest
// terms: within as many finds as the tables hold terms, a new copy is
// published that has it, so the finds stop taking the mutex.
func TestInternPublishesFoundTerms(t *testing.T) {
	s := &syntax.Symbol{Name: "InternFound", Arity: 1}
	var u *Term
	for k := 1; k <= 100 && u == nil; k++ {
		if v := StateTerm(s, Proc(k)); published.Load().find(v) == nil {
			u = v
		}
	}
	if u == nil {
		t.Fatal("every term made was published at once")
	}
	terms.Lock()
	size := terms.live.size()
	terms.Unlock()
	finds := 0
	for ; finds <= size && published.Load().find(u) == nil; finds++ {
		if lookupState(stateKey(KState, s, u.Args)) != u {
			t.Fatalf("lookup of %s gives another term", u.Key())
		}
	}
	if published.Load().find(u) != u {
		t.Fatalf("%s not published after %d finds (%d terms)", u.Key(), finds, size)
	}
	if finds == 0 {
		t.Fatalf("%s published before any find", u.Key())
	}
}
