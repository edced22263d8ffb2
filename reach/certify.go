package reach

import (
	"slices"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/translate"
)

// UnsatisfiedReads returns the reads of c that no write of c satisfies:
// those whose values its literals mention (package certify states them
// as reads from before the cube's state).
func UnsatisfiedReads(c *translate.Cube) translate.Set { return unsatReads(c.Lits, c.Events) }

// KeepsObligations reports whether mm came from KeepingObligations: the
// refined search, whose cubes may mark satisfied reads with their
// coherence obligations (package certify states them with the write each
// marked read reads, SourceOf).
func KeepsObligations(mm memmodel.Model) bool { return keepsObligations(mm) }

// SourceOf returns the source of marked read r of cube c (its event
// Sourced): the one ghb-maximal write to r's cell that is ghb-before r,
// the write r reads (obligation.go). It reports false when the source is
// not unique; the search then leaves the mark out.
func SourceOf(c *translate.Cube, r int) (int, bool) { return sourceOf(r, c.Events, c.Rel) }

// maxRenamedCovers bounds the renamed candidates of one pre-image (see
// renamedCandidates); past it the pre-image keeps its plain candidates.
const maxRenamedCovers = 1 << 12

// renamedCandidates replaces the candidates among covers (the cubes of
// the search's solver check for pre-image p of cube c, Procs nil) by one
// cover per renaming of each into p under which none of its literals
// clashes with p: the disjuncts of that check, each with what its
// variables stand for in the step into c. The check showed p included in
// their disjunction, so a certificate may state each as an instance at
// the step's processes instead of the cube quantified. Candidates with
// events are kept as they are, and so are all of them when the
// renamings are too many or the matcher gives up.
func (p pre) renamedCandidates(nodes []*node, covers []Cover) []Cover {
	vars := p.origins()
	m := newMatcher(newFacts(p.cube))
	var out []Cover
	for _, cv := range covers {
		v := nodes[cv.Cube].pattern()
		if cv.Procs != nil || len(v.cube.Events) > 0 {
			out = append(out, cv)
			continue
		}
		sigmas, ok := m.renamings(v)
		if !ok || len(out)+len(sigmas) > maxRenamedCovers {
			return covers
		}
		for _, sigma := range sigmas {
			r := Cover{Cube: cv.Cube, Procs: make([]Origin, len(sigma)), Events: []Origin{}}
			for k, y := range sigma {
				r.Procs[k] = vars[y]
			}
			out = append(out, r)
		}
	}
	return out
}

// origins returns what each variable of p (index v for #v) stands for in
// the step into the cube p is a pre-image of: a variable of that cube, a
// parameter of the transition, or nothing known.
func (p pre) origins() []Origin {
	vars := make([]Origin, p.cube.NVars+1)
	for k, q := range p.from {
		if int(q) <= p.cube.NVars {
			vars[q] = Origin{CubeVar, k + 1}
		}
	}
	for k, q := range p.args {
		if int(q) <= p.cube.NVars && vars[q].Kind == Unknown {
			vars[q] = Origin{Param, k}
		}
	}
	return vars
}

// renamings returns the injective renamings of the variables of v (a
// pattern without events) into the indexed cube's under which none of
// v's literals clashes with it (sigma[k] the image of #k+1); false when
// the matcher gave up.
func (m *matcher) renamings(v *pattern) ([][]translate.Proc, bool) {
	m.reset(m.f)
	m.pat, m.evNeed = v, m.evNeed[:0]
	var out [][]translate.Proc
	if _, ok := m.openLits(nil, v.groups[0]); !ok || !m.narrowImages() {
		return nil, true
	}
	var walk func(i int)
	walk = func(i int) {
		if i == len(v.groups) {
			out = append(out, slices.Clone(m.sigma[1:i]))
			return
		}
		for y := 1; y <= m.f.c.NVars && !m.tired(); y++ {
			if !m.used[y] && m.canMap(i, y) {
				m.used[y], m.sigma[i] = true, translate.Proc(y)
				mark := len(m.cur)
				if m.check(v.groups[i], v.groupVars[i]) {
					walk(i + 1)
				}
				m.cur, m.used[y] = m.cur[:mark], false
			}
		}
	}
	walk(1)
	return out, !m.gaveUp
}
