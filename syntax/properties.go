package syntax

import "fmt"

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

// InvariantsAsUnsafe returns a copy of m whose invariant items are unsafe
// items of the same names (invariant[k] for an unnamed one): a checker of
// the copy looks for states that violate an invariant instead of trusting
// it. m itself is not changed.
func (m *Model) InvariantsAsUnsafe() *Model {
	if len(m.Invariants) == 0 {
		return m
	}
	out := *m
	out.Unsafes = append([]*Property{}, m.Unsafes...)
	names := m.InvariantNames()
	for i, inv := range m.Invariants {
		p := *inv
		p.Kind, p.Name = Unsafe, names[i]
		out.Unsafes = append(out.Unsafes, &p)
	}
	out.Invariants = nil
	return &out
}

// InvariantNames names the invariant items in model order: the item's
// name, else invariant[k] with k counted from 1, as the engines report them.
func (m *Model) InvariantNames() []string {
	var out []string
	for i, inv := range m.Invariants {
		name := inv.Name
		if name == "" {
			name = fmt.Sprintf("invariant[%d]", i+1)
		}
		out = append(out, name)
	}
	return out
}
