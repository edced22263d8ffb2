package reach

import (
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/translate"
)

// searchModel returns the model whose rules the weak pre-image follows
// for sys under mm. When mm lets a process's writes to different
// locations become visible out of program order (PSO) but sys cannot
// have two such writes pending at once, the executions are those of the
// same model with every write→write pair kept (TSO): the pre-image then
// takes coherence from the order of generation, which is exact there
// and much smaller than PSO's unordered coherence. That is the case when
//
//   - sys has one weak location (a single weak variable): one buffer per
//     process and location is one buffer per process; or
//   - every transition that writes weak memory also reads it: a locked
//     transition writes memory at its step, so no write is ever buffered.
func searchModel(sys *translate.System, mm memmodel.Model) memmodel.Model {
	if memmodel.WritesInProgramOrder(mm) || mayReorderWrites(sys) {
		return mm
	}
	return writesInOrder{mm}
}

// writesInOrder is a model that keeps every write→write pair as its
// model keeps those on one location.
type writesInOrder struct{ memmodel.Model }

// Preserved is the wrapped model's, with write→write pairs treated as on
// one location.
func (m writesInOrder) Preserved(a, b memmodel.Access, sameLoc bool) bool {
	if a == memmodel.Write && b == memmodel.Write {
		sameLoc = true
	}
	return m.Model.Preserved(a, b, sameLoc)
}

// mayReorderWrites reports whether sys has more than one weak location
// and a transition that writes weak memory without reading it (its
// writes go to a store buffer).
func mayReorderWrites(sys *translate.System) bool {
	if sys.Model == nil {
		return true
	}
	weak := 0
	for _, s := range sys.Model.Symbols {
		if s.Weak {
			weak++
			if s.Arity > 0 {
				weak++ // an array has a location per cell
			}
		}
	}
	if weak <= 1 {
		return false
	}
	for _, t := range sys.Transitions {
		if writesWeak(t) && !readsWeak(t) {
			return true
		}
	}
	return false
}

// SearchModel returns the model whose rules the search of sys under mm
// follows for weak memory: mm, or, for a system that cannot have two
// writes of a process to different locations pending at once, mm with
// every write→write pair kept (see searchModel).
func SearchModel(sys *translate.System, mm memmodel.Model) memmodel.Model {
	return searchModel(sys, mm)
}
