package certify

import (
	"context"
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

// Z3 re-checks a certificate with the Z3 linked into cubew, in one
// context, within rlimit resource units per obligation (0: no limit).
// Z3 counts its rlimit over a context, so the script gets rlimit times
// its number of obligations; once that is spent Z3 answers unknown to the
// rest. An SMT-LIB error before an answer (bad input, not a failed
// obligation) is returned as an error, and so is ctx's once it is done.
func Z3(ctx context.Context, script string, rlimit int) ([]Outcome, error) {
	names := Obligations(script)
	if len(names) == 0 {
		return nil, fmt.Errorf("not a cubew certificate: no obligation")
	}
	if rlimit > 0 {
		script = fmt.Sprintf("(set-option :rlimit %d)\n", rlimit*len(names)) + script
	}
	output, err := z3.EvalSMTLIB2(ctx, script)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	first, _, _ := strings.Cut(strings.TrimSpace(output), "\n")
	if err != nil && (output == "" || strings.HasPrefix(first, "(error")) {
		return nil, err
	}
	outcomes := Outcomes(script, output)
	for _, o := range outcomes {
		if strings.HasPrefix(o.Answer, "(error") {
			return nil, fmt.Errorf("obligation %s: %s", o.Obligation, o.Answer)
		}
	}
	return outcomes, nil
}
