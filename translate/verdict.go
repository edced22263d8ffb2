package translate

import "fmt"

// Verdict is the answer of an engine; reach and dpor share it.
type Verdict int

// The verdicts.
const (
	Safe    Verdict = iota // no reachable state satisfies an unsafe formula
	Unsafe                 // some reachable state does; a trace shows how
	Unknown                // a limit was reached before an answer
)

var verdictNames = [...]string{Safe: "safe", Unsafe: "unsafe", Unknown: "unknown"}

func (v Verdict) String() string {
	if int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

// MarshalText encodes the verdict as its lower-case name.
func (v Verdict) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText decodes a lower-case verdict name.
func (v *Verdict) UnmarshalText(b []byte) error {
	for i, n := range verdictNames {
		if n == string(b) {
			*v = Verdict(i)
			return nil
		}
	}
	return fmt.Errorf("unknown verdict %q", b)
}
