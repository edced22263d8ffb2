// Command cubew checks parameterized concurrent protocols for safety under
// weak memory (SC, TSO, PSO). See the README and `cubew help`.
package main

import "os"

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }
