package certify

import (
	"fmt"
	"strings"

	"github.com/cubew/cubew/smt/z3"
)

// Outcome is a prover's answer to one obligation: "unsat" when it holds,
// "sat" or "unknown" (or the prover's error) when it fails.
type Outcome struct {
	Obligation string
	Answer     string
}

// Holds reports whether the obligation was proved.
func (o Outcome) Holds() bool { return o.Answer == "unsat" }

// Obligations returns the names of the obligations of a certificate, in
// order, as its (echo "obligation NAME") commands announce them.
func Obligations(script string) []string {
	var out []string
	for _, line := range strings.Split(script, "\n") {
		if rest, ok := strings.CutPrefix(line, `(echo "obligation `); ok {
			out = append(out, strings.TrimSuffix(rest, `")`))
		}
	}
	return out
}

// Outcomes pairs the obligations of a certificate with a prover's output
// on it: the echoed name, then the answer. An obligation whose answer is
// missing or not sat/unsat/unknown gets the line the prover printed
// instead (an error), or "no answer". Z3 prints echoed strings bare and
// cvc5 quoted; both are read.
func Outcomes(script, output string) []Outcome {
	names := Obligations(script)
	out := make([]Outcome, len(names))
	index := map[string]int{}
	for i, n := range names {
		out[i] = Outcome{Obligation: n, Answer: "no answer"}
		index[n] = i
	}
	current := -1
	for _, line := range strings.Split(output, "\n") {
		line = strings.Trim(strings.TrimSpace(line), `"`)
		if rest, ok := strings.CutPrefix(line, "obligation "); ok {
			if i, ok := index[rest]; ok {
				current = i
			}
			continue
		}
		if current < 0 || line == "" {
			continue
		}
		if out[current].Answer == "no answer" {
			out[current].Answer = line
		}
	}
	return out
}

// Z3 re-checks a certificate with the Z3 linked into cubew: each
// obligation alone (see Split) in a fresh context, within rlimit resource
// units (Z3's rlimit; 0: none). An SMT-LIB error (bad input, not a failed
// obligation) is returned as an error.
func Z3(script string, rlimit int) ([]Outcome, error) {
	names := Obligations(script)
	if len(names) == 0 {
		return nil, fmt.Errorf("not a cubew certificate: no obligation")
	}
	pieces, err := Split(script)
	if err != nil {
		return nil, err
	}
	if len(pieces) != len(names) {
		return nil, fmt.Errorf("%d obligations announced, %d (check-sat) commands", len(names), len(pieces))
	}
	limit := ""
	if rlimit > 0 {
		limit = fmt.Sprintf("(set-option :rlimit %d)\n", rlimit)
	}
	out := make([]Outcome, len(pieces))
	for i, piece := range pieces {
		output, err := z3.EvalSMTLIB2(limit + piece)
		if err != nil {
			return nil, fmt.Errorf("obligation %s: %v", names[i], err)
		}
		o := Outcomes(piece, output)
		if len(o) != 1 {
			return nil, fmt.Errorf("obligation %s: its (echo) is not the last before its (check-sat)", names[i])
		}
		out[i] = o[0]
	}
	return out, nil
}
