package difftest

import (
	"os"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
)

// MutantCases returns a case for every mutant of the model file at path
// (named name) that type-checks: under sc for a model without weak
// variables, under tso and under pso for a weak one. rejected counts the
// mutants discarded because they do not type-check (each once).
func MutantCases(path, name string) (cases []Case, rejected int, err error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, 0, err
	}
	m, err := syntax.ParseAndCheck(name, src, syntax.CheckOptions{})
	if err != nil {
		return nil, 0, err
	}
	// The weak models run under every model with store buffers, the
	// others under those without.
	var models []memmodel.Model
	for _, name := range memmodel.Names {
		if mm, _ := memmodel.ByName(name); mm.Buffered() == m.Weak {
			models = append(models, mm)
		}
	}
	ms, rejected, err := Mutants(name, src, syntax.CheckOptions{SC: !m.Weak})
	if err != nil {
		return nil, 0, err
	}
	for _, mu := range ms {
		for _, mm := range models {
			cases = append(cases, Case{Name: mu.Name, Src: mu.Src, Model: mm})
		}
	}
	return cases, rejected, nil
}
