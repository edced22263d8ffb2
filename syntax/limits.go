package syntax

// MaxProcs is the largest process count, and so the largest process
// constant #n and number_procs, that the checker supports. The engines
// number the processes of a formula with small integers (translate.Proc:
// cube variables below its placeholder ranges, constants as -n), so a
// larger value is an input error here rather than a wrap-around later.
const MaxProcs = 999

// RequireProperty returns an input error, positioned at the start of the
// file, when m has neither an unsafe nor an invariant item: checking it
// would answer SAFE without checking anything.
func (m *Model) RequireProperty() error {
	if len(m.Unsafes) > 0 || len(m.Invariants) > 0 {
		return nil
	}
	var errs ErrorList
	name := ""
	if m.File != nil {
		name = m.File.Name
	}
	errs.Add(Pos{Filename: name, Line: 1, Column: 1}, "the model has no unsafe formula and no invariant: nothing to check")
	return errs
}
