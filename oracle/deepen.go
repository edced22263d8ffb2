package oracle

import "github.com/cubew/cubew/translate"

// deepenFactor multiplies the state limit of the partial instances at
// Deepen, once, and maxDeepStates bounds the result: 120,000 states from
// the default 30,000; an oracle given more than 120,000 states per
// instance does not deepen (the exploration alone would take seconds and
// gigabytes).
const (
	deepenFactor  = 4
	maxDeepStates = 4 * DefaultMaxStates
)

// Deepen explores again, with deepenFactor times their state limit, the
// instances New explored partially because they reached it (breadth
// first: the new exploration's states include the old ones), and reports
// whether the oracle changed; false when every instance is complete,
// when it deepened before, or when the limit would pass maxDeepStates.
// A partial instance's "unreached" is a guess about the states past its
// limit: reach asks Deepen when its search stalls, drops the candidates
// the deeper instances reach and starts over (FLASH with data: with its
// instance with 3 processes explored to 30,000 states, 4 of the first
// 261 candidates a search inferring from its first node accepts are
// reachable, and the oracle with 100,000 states reaches them). An
// instance explored further only finds more cubes reached, never fewer.
// It is safe for concurrent use.
func (o *Oracle) Deepen() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.cut) == 0 || o.budget*deepenFactor > maxDeepStates || o.deepened {
		return false
	}
	o.budget *= deepenFactor
	o.deepened = true
	cut := o.cut
	o.cut = nil
	for _, k := range cut {
		states, res, err := o.explore(k, o.budget)
		if err != nil {
			break // the earlier instances stay
		}
		if res.Verdict == translate.Unknown {
			o.cut = append(o.cut, k)
		}
		o.States += len(states) - len(o.instances[k-1].states)
		o.instances[k-1] = newInstance(k, states, res)
	}
	o.Partial = o.partial()
	clear(o.memo)
	return true
}
