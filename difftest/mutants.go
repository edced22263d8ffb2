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
	models := []memmodel.Model{memmodel.SC}
	if m.Weak {
		models = []memmodel.Model{memmodel.TSO, memmodel.PSO}
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
