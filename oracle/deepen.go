package oracle

import "github.com/cubew/cubew/translate"

// deepenFactor multiplies the state limit of the partial instances at
// each Deepen, and maxDeepStates bounds it: from the default 30,000,
// 120,000 and then 480,000 states.
const (
	deepenFactor  = 4
	maxDeepStates = 16 * DefaultMaxStates
)

// Deepen explores again, with deepenFactor times their state limit, the
// instances New explored partially because they reached it (breadth
// first: the new exploration's states include the old ones), and reports
// whether the oracle changed; false when every instance is complete, or
// when the limit would pass maxDeepStates. A partial instance's
// "unreached" is a guess about the states past its limit: reach asks
// Deepen when its search stalls, and drops the candidates the deeper
// instances reach (FLASH with data: 4 of the candidates its search
// accepts over the first 30,000 states of the instance with 3 processes
// are reached within 120,000). An instance explored further only finds
// more cubes reached, never fewer. It is safe for concurrent use.
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
