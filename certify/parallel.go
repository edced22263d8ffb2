package certify

import "github.com/cubew/cubew/internal/parallel"

// inParallel runs run on the scripts part(0), …, part(n-1), up to jobs
// at once (at least one), and returns their answers concatenated in that
// order, or the error of the first part (in that order) that failed.
// Each part is made when its turn comes (a part of a large certificate
// has all its declarations: tens of megabytes).
// The obligations of a certificate are independent: which process or
// context proves one changes nothing of what its answer means.
func inParallel(n int, part func(i int) string, jobs int, run func(script string) ([]Outcome, error)) ([]Outcome, error) {
	outs := make([][]Outcome, n)
	errs := make([]error, n)
	parallel.For(n, max(1, jobs), func(_, i int) { outs[i], errs[i] = run(part(i)) })
	var out []Outcome
	for i := range n {
		if errs[i] != nil {
			return nil, errs[i]
		}
		out = append(out, outs[i]...)
	}
	return out, nil
}

// chunks splits the obligations of script into at most n scripts of
// whole groups (groupOf) in order, about as many obligations each, each
// without the definitions it does not need (definitions.prune): a
// prover process per chunk keeps what the obligations of a group share.
// A script whose obligations are not each in a block of their own runs
// whole, as one chunk.
func chunks(script string, n int) []string {
	groups, count := groupsOf(script)
	total := len(Obligations(script))
	if n <= 1 || len(groups) <= 1 {
		return []string{script}
	}
	defs := newDefinitions(script)
	var out []string
	var cur map[string]bool
	size, done := 0, 0
	for _, g := range groups {
		if cur == nil {
			cur = map[string]bool{}
		}
		cur[g] = true
		size += count[g]
		done += count[g]
		if done*n >= total*(len(out)+1) || g == groups[len(groups)-1] {
			in := cur
			part := Only(script, func(o string) bool { return in[groupOf(o)] })
			if len(Obligations(part)) != size {
				return []string{script}
			}
			out = append(out, defs.prune(part))
			cur, size = nil, 0
		}
	}
	return out
}
