package reach

import "github.com/cubew/cubew/translate"

// UnsatisfiedReads returns the reads of c that no write of c satisfies:
// those whose values its literals mention (package certify states them
// as reads from before the cube's state).
func UnsatisfiedReads(c *translate.Cube) translate.Set { return unsatReads(c.Lits, c.Events) }
