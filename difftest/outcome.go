package difftest

import (
	"fmt"
	"strings"

	"github.com/cubew/cubew/dpor"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/translate"
)

// Class is what a comparison found.
type Class int

// The classes of outcomes. Those from ClassWrongSafe on are disagreements
// (bugs in cubew); ClassError is a model an engine or the checker rejected.
const (
	ClassAgreeSafe       Class = iota // reach SAFE, the oracle exhausted every instance
	ClassAgreeUnsafe                  // reach UNSAFE with a replaying trace, the oracle reached unsafe
	ClassUnsafeMoreProcs              // reach UNSAFE, replays, with more processes than the oracle explored
	ClassReachBudget                  // reach UNKNOWN at its node or matching budget
	ClassExplicitBudget               // the oracle ran out of states on an instance that mattered
	ClassSpuriousPSO                  // reach found a counterexample under pso that does not replay (expected today)
	ClassSpuriousForall               // reach found a counterexample through a forall_other guard that does not replay (reach over-approximates forall_other, as Cubicle does)
	ClassKnownBug                     // a disagreement explained by an open bug of knownBugs (Note names it)
	ClassWrongSafe                    // disagreement: reach SAFE, an instance reaches unsafe
	ClassSpurious                     // disagreement: reach found a counterexample (sc, tso) that does not replay
	ClassExplicitMiss                 // disagreement: the trace replays with n processes, the oracle exhausted n without it
	ClassError                        // the model was rejected (type check, translate, an engine)
	numClasses
)

var classNames = [...]string{
	ClassAgreeSafe: "agree-safe", ClassAgreeUnsafe: "agree-unsafe", ClassUnsafeMoreProcs: "unsafe-more-procs",
	ClassReachBudget: "reach-budget", ClassExplicitBudget: "explicit-budget", ClassSpuriousPSO: "spurious-pso", ClassSpuriousForall: "spurious-forall-other", ClassKnownBug: "known-bug",
	ClassWrongSafe: "WRONG-SAFE", ClassSpurious: "SPURIOUS", ClassExplicitMiss: "EXPLICIT-MISS", ClassError: "error",
}

func (c Class) String() string { return classNames[c] }

// Disagreement reports whether the class is a bug in cubew.
func (c Class) Disagreement() bool { return c >= ClassWrongSafe && c < ClassError }

// Compared reports whether both engines answered, so that the comparison
// said something (agreement or disagreement).
func (c Class) Compared() bool {
	switch c {
	case ClassReachBudget, ClassExplicitBudget, ClassError:
		return false
	}
	return true
}

// Outcome is the result of comparing the engines on one case.
type Outcome struct {
	Case     Case
	Class    Class
	Reach    *reach.Result
	Explicit []*dpor.Result // one per instance explored, n = 2, 3, ...
	// Replayed says that the UNSAFE answer's counterexample replays on a
	// concrete instance; NotReplayed says why there is none (decide).
	Replayed    bool
	NotReplayed string
	// Spurious is the first counterexample that did not replay (decide
	// rejects it and searches on), ReplayErr why it did not.
	Spurious  *reach.Trace
	ReplayErr string
	Note      string
	weak      bool              // the model was checked with the weak-memory rules
	sys       *translate.System // the system reach searched: its cubes' terms (certificates)
	// forallOther says that a step of reach's trace has a forall_other
	// guard.
	forallOther bool
}

// Report renders the outcome for a failure message: the model's name,
// memory model, both answers and the model text, ready to paste into a
// file of testdata/regress.
func (o *Outcome) Report() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s under %s: %s\n", o.Case.Name, o.Case.Model.Name(), o.Class)
	fmt.Fprintf(&b, "  reach:    %s\n", o.reachAnswer())
	fmt.Fprintf(&b, "  explicit: %s\n", o.explicitAnswer())
	if o.Note != "" {
		fmt.Fprintf(&b, "  note:     %s\n", o.Note)
	}
	b.WriteString("---- model ----\n")
	b.WriteString(o.Case.Src)
	if !strings.HasSuffix(o.Case.Src, "\n") {
		b.WriteString("\n")
	}
	return b.String()
}

// Tally counts outcomes by class.
type Tally [numClasses]int

// Add counts one outcome.
func (t *Tally) Add(c Class) { t[c]++ }

// Total is the number of outcomes counted.
func (t *Tally) Total() int { return t.count(func(Class) bool { return true }) }

// Compared is the number of outcomes where both engines answered.
func (t *Tally) Compared() int { return t.count(Class.Compared) }

// Disagreements is the number of outcomes that are bugs in cubew.
func (t *Tally) Disagreements() int { return t.count(Class.Disagreement) }

// count is the number of outcomes of the classes in.
func (t *Tally) count(in func(Class) bool) int {
	n := 0
	for c, k := range t {
		if in(Class(c)) {
			n += k
		}
	}
	return n
}

func (t *Tally) String() string {
	parts := []string{fmt.Sprintf("total %d, compared %d", t.Total(), t.Compared())}
	for c, k := range t {
		if k > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", Class(c), k))
		}
	}
	return strings.Join(parts, ", ")
}
