package reach

import (
	"errors"
	"fmt"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/translate"
)

// Cover is a cube of a Safe result's Invariant that covers a pre-image
// of one of its cubes by a transition (see Covers).
type Cover struct {
	Cube int // its index in the Invariant
	// Procs[v-1] and Events[k] are what the covering cube's variable #v
	// and its event k stand for in a step by the transition into a state
	// of the cube whose pre-image it covers, when the cube includes the
	// pre-image syntactically; both nil when the pre-image is covered by a
	// disjunction of cubes (one of the candidates of the solver's check).
	Procs  []Origin
	Events []Origin
}

// Origin is what a process or event of a pre-image stands for in a step
// of transition t into a state of cube c: a variable or event of c, a
// parameter of t, an event of the step (its reads and fence, or its
// writes), or nothing known (a process or event neither c nor t has).
type Origin struct {
	Kind OriginKind
	N    int // the variable #N of c, parameter N of t, event N of c
}

// OriginKind says which of c's, t's or the step's things an Origin is.
type OriginKind int8

// The kinds of Origin.
const (
	Unknown   OriginKind = iota
	CubeVar              // c's variable #N
	Param                // t's parameter N (from 0)
	CubeEvent            // c's event N (from 0)
	StepRead             // the step's reads and fence
	StepWrite            // the step's writes
)

// Covers tells, for a Safe result's Invariant inv of sys checked under
// mm (as in Options.Model), which cubes of inv cover the pre-images of
// each of its cubes by each transition: covers[i][k] are the covers of
// the pre-images of inv[i] by sys.Transitions[k], at most one per
// pre-image that one cube includes syntactically (with the renaming that
// shows it; each distinct cover once), and for a pre-image that none
// includes every cube some
// renaming of which does not clash with it (the candidates of the
// search's solver check, among which are the cubes whose disjunction
// covers it): a cube without events once per such renaming, with it
// (renamedCandidates), a cube with events once, without. covers[i][k] is nil when the matcher gave up on a
// pre-image (its budget of renamings ran out): nothing is known, and an
// obligation must assume the whole invariant; it is empty, not nil, when
// no pre-image needs any cube (each is empty).
//
// The search covered every pre-image of every cube of inv by the visited
// set of its time, whose cubes are in inv or included in one (a deleted
// node's deleter includes it); covers are computed afresh, against inv
// itself, by the search's own pre-images and matcher. Package certify
// assumes only these cubes in the pre state of a transition obligation:
// a smaller obligation, and a stronger one (fewer assumptions), so that
// a prover's unsat to it proves the original.
//
// Under a model whose writes may be reordered (PSO) the search's matcher
// may include a pre-image in a cube whose fence is ghb-equal to other
// events by a fence ghb-before them (fenceEarlier); Covers returns
// ErrFenceMoved when some pre-image is covered only so (included, or
// with more candidates, under that relaxation): certify's encoding states
// ghb-equality as equal times.
func Covers(sys *translate.System, mm memmodel.Model, inv []InvariantCube) ([][][]Cover, error) {
	mm = everyMark{searchModel(sys, memmodel.Or(mm, sys.Model != nil && sys.Model.Weak))}
	relaxed := !memmodel.WritesInProgramOrder(mm)
	nodes := make([]*node, len(inv))
	for i, c := range inv {
		nodes[i] = &node{id: i, cube: c.Cube}
		nodes[i].pattern()
	}
	out := make([][][]Cover, len(inv))
	owned := ownedArrays(sys)
	for i, n := range nodes {
		out[i] = make([][]Cover, len(sys.Transitions))
		for k, t := range sys.Transitions {
			ps, err := preImages(n.cube, t, sys.NumProcs, mm, owned, nil)
			if err != nil {
				return nil, err
			}
			covers := []Cover{}
			seen := map[string]bool{}
			for _, p := range ps {
				cs, ok := coveredBy(nodes, p, n.cube, false)
				if relaxed && ok && fenceMoved(nodes, p, n.cube, cs) {
					return nil, fmt.Errorf("node %d, transition %s: %w", inv[i].Node, t.Name, ErrFenceMoved)
				}
				if !ok {
					covers = nil
					break
				}
				cs = p.renamedCandidates(nodes, cs)
				for _, c := range cs {
					if key := fmt.Sprint(c); !seen[key] {
						seen[key] = true
						covers = append(covers, c)
					}
				}
			}
			out[i][k] = covers
		}
	}
	return out, nil
}

// coveredBy returns the covers of pre-image p of cube c: the first node
// that includes it syntactically, else every one that is a candidate of
// the solver's check (a renaming that does not clash with p). It reports
// false when the matcher gave up. With fenceEarlier the matcher may move
// a fence before its ghb-equal class, as the search's does under PSO.
func coveredBy(nodes []*node, p pre, c *translate.Cube, fenceEarlier bool) ([]Cover, bool) {
	f := newFacts(p.cube)
	inc := newMatcher(f)
	inc.fenceEarlier = fenceEarlier
	for i, v := range nodes {
		if f.mayBeIncludedBy(v, p.cube.NVars) && inc.includes(v.pat) {
			return []Cover{p.instance(i, v.cube, inc, c)}, true
		}
	}
	if inc.gaveUp {
		return nil, false
	}
	cand := newMatcher(f)
	cand.fenceEarlier = fenceEarlier
	var out []Cover
	for i, v := range nodes {
		if v.cube.NVars > p.cube.NVars {
			continue
		}
		before := len(cand.cands)
		if cand.match(v.pat) || len(cand.cands) > before {
			out = append(out, Cover{Cube: i})
		}
	}
	return out, !cand.gaveUp
}

// ErrFenceMoved is returned by Covers when a pre-image is covered only
// with a visited cube's fence moved before its ghb-equal class (the
// matcher's fenceEarlier, under PSO).
var ErrFenceMoved = errors.New("a pre-image is covered only with a fence moved before its ghb-equal class (fenceEarlier)")

// fenceMoved reports whether the matcher finds more for pre-image p
// when it may move a fence before its class: an inclusion where covers
// (the strict matcher's) has none, or more candidates.
func fenceMoved(nodes []*node, p pre, c *translate.Cube, covers []Cover) bool {
	if len(covers) == 1 && covers[0].Procs != nil {
		return false // included
	}
	relaxed, _ := coveredBy(nodes, p, c, true)
	return len(relaxed) == 1 && relaxed[0].Procs != nil || len(relaxed) > len(covers)
}

// instance is the cover of p by v (node i), included under m's renaming:
// what v's variables and events stand for in the step into c.
func (p pre) instance(i int, v *translate.Cube, m *matcher, c *translate.Cube) Cover {
	vars := p.origins()
	cv := Cover{Cube: i, Procs: make([]Origin, v.NVars), Events: make([]Origin, len(v.Events))}
	for k := range cv.Procs {
		cv.Procs[k] = vars[m.sigma[k+1]]
	}
	for k := range cv.Events {
		j := m.mu[k]
		switch {
		case j >= len(p.events):
		case p.events[j] < len(c.Events):
			cv.Events[k] = Origin{CubeEvent, p.events[j]}
		case p.cube.Events[j].Kind == translate.Write:
			cv.Events[k] = Origin{StepWrite, 0}
		default:
			cv.Events[k] = Origin{StepRead, 0}
		}
	}
	return cv
}

// eventOrigins maps the events of a canonical pre-image (evOrder, see
// translate.Canonicalize) to the step's events they come from, keep
// being the ones kept (indexed in the step's order).
func eventOrigins(keep translate.Set, evOrder []int) []int {
	var kept []int
	for i := 0; keep>>uint(i) != 0; i++ {
		if keep.Has(i) {
			kept = append(kept, i)
		}
	}
	out := make([]int, len(evOrder))
	for k, j := range evOrder {
		out[k] = kept[j]
	}
	return out
}

// Includes reports whether cube b includes cube a syntactically, by the
// search's own matcher (a renaming of b's processes and events onto a's
// under which a has every literal and event of b): every state of a is a
// state of b, so an invariant that excludes b excludes a.
func Includes(b, a *translate.Cube) bool {
	n := &node{cube: b}
	n.pattern()
	f := newFacts(a)
	return f.mayBeIncludedBy(n, a.NVars) && newMatcher(f).includes(n.pat)
}
