// Package difftest is a differential tester of cubew's two engines: it
// draws random small, well-typed models (Generate) and mutates the models
// of the corpus and of examples/ (Mutants), then runs each one through the
// parameterized engine (reach.Check, under a node budget) and through the
// operational oracle (dpor.Explicit, the interleaving engine with store
// buffers, on the instances with 2 and 3 processes, under a state budget),
// and classifies the pair of answers (Run, Outcome).
//
// A disagreement is a bug in cubew: reach answers SAFE while an instance
// reaches the unsafe states (a wrong SAFE); reach answers UNSAFE with a
// counterexample that no concrete instance replays (a spurious trace; under
// pso this is expected today, reach over-approximating PSO, and counted
// apart); or a counterexample that replays with n processes while the
// oracle exhausted the instance with n processes without reaching an unsafe
// state. Budget-outs are counted, never compared, and the tests assert how
// many cases were compared. No limit is in wall-clock time: every budget is
// nodes or states, so a run is deterministic.
package difftest
