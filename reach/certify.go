package reach

import (
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/translate"
)

// UnsatisfiedReads returns the reads of c that no write of c satisfies:
// those whose values its literals mention (package certify states them
// as reads from before the cube's state).
func UnsatisfiedReads(c *translate.Cube) translate.Set { return unsatReads(c.Lits, c.Events) }

// KeepsObligations reports whether mm came from KeepingObligations: the
// refined search, whose cubes may mark satisfied reads with their
// coherence obligations (package certify does not state those).
func KeepsObligations(mm memmodel.Model) bool { return keepsObligations(mm) }
