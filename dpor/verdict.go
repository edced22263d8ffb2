package dpor

// Verdict is the answer of a bounded run. (A shared type may later move to
// package translate, which reach and dpor will both import.)
type Verdict int

// The verdicts.
const (
	// Unknown means a limit was reached, the run was cancelled, or the
	// exploration was an under-approximation (see [Result.Reason]).
	Unknown Verdict = iota
	// Safe means no reachable state of the instance satisfies an unsafe
	// item, within the bounds reported by [Result.Bounded].
	Safe
	// Unsafe means some reachable state satisfies an unsafe item; the
	// [Result.Witness] shows how.
	Unsafe
)

// String returns "safe", "unsafe" or "unknown".
func (v Verdict) String() string {
	switch v {
	case Safe:
		return "safe"
	case Unsafe:
		return "unsafe"
	}
	return "unknown"
}

// MarshalText encodes the verdict as its String.
func (v Verdict) MarshalText() ([]byte, error) { return []byte(v.String()), nil }
