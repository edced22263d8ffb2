package dpor

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// A small language for litmus programs, turned into models: each thread
// is a list of instructions, run by the process of the same number (1-based)
// with a program counter. Instructions:
//
//	X=1       write (buffered)
//	r2=X      read into register R2
//	X+=1      locked increment (reads and writes X at one instant)
//	X=Y       locked copy
//	F         fence (a step that only waits for the buffer)
//	await X=1 a step enabled only when X reads 1
//	A,B       both in one transition (one read group, one write group)
//	A|B       a choice between two instructions (two transitions)
//
// Locations are single upper-case letters, registers r1..r9, values small
// integers. Every location and register starts at 0.
type litmus struct {
	threads [][]string
	unsafe  string // the unsafe item's body over processes p..; "" for one that never holds
	params  string // its parameters, e.g. "p q"
}

func (l litmus) src() string {
	locs := map[string]bool{}
	regs := map[int]bool{}
	maxPC := 0
	var trans strings.Builder
	for ti, th := range l.threads {
		maxPC = max(maxPC, len(th))
		for k, ins := range th {
			for ai, alt := range strings.Split(ins, "|") {
				guard := fmt.Sprintf("p = #%d && PC[p] = L%d", ti+1, k)
				body := fmt.Sprintf("PC[p] := L%d", k+1)
				for _, part := range strings.Split(alt, ",") {
					part = strings.TrimSpace(part)
					switch {
					case part == "F":
						guard += " && fence()"
					case strings.HasPrefix(part, "await "):
						loc, val, _ := strings.Cut(strings.TrimPrefix(part, "await "), "=")
						locs[loc] = true
						guard += fmt.Sprintf(" && %s = %s", loc, val)
					case strings.Contains(part, "+="):
						loc, val, _ := strings.Cut(part, "+=")
						locs[loc] = true
						body += fmt.Sprintf("; %s := %s + %s", loc, loc, val)
					default:
						lhs, rhs, _ := strings.Cut(part, "=")
						if strings.HasPrefix(lhs, "r") {
							r, _ := strconv.Atoi(lhs[1:])
							regs[r] = true
							locs[rhs] = true
							body += fmt.Sprintf("; R%d[p] := %s", r, rhs)
						} else {
							locs[lhs] = true
							if _, err := strconv.Atoi(rhs); err != nil {
								locs[rhs] = true
							}
							body += fmt.Sprintf("; %s := %s", lhs, rhs)
						}
					}
				}
				fmt.Fprintf(&trans, "transition t%d_%d_%d ([p]) requires { %s } { %s }\n", ti+1, k, ai, guard, body)
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "number_procs %d\ntype loc =", len(l.threads))
	for k := 0; k <= maxPC; k++ {
		if k > 0 {
			b.WriteString(" |")
		}
		fmt.Fprintf(&b, " L%d", k)
	}
	b.WriteString("\narray PC[proc] : loc\n")
	init := []string{"PC[p] = L0"}
	for _, r := range sortedInts(regs) {
		fmt.Fprintf(&b, "array R%d[proc] : int\n", r)
		init = append(init, fmt.Sprintf("R%d[p] = 0", r))
	}
	for _, loc := range slices.Sorted(maps.Keys(locs)) {
		fmt.Fprintf(&b, "weak var %s : int\n", loc)
		init = append(init, loc+" = 0")
	}
	fmt.Fprintf(&b, "init (p) { %s }\n", strings.Join(init, " && "))
	if l.unsafe == "" {
		b.WriteString("unsafe (p) { PC[p] = L0 && PC[p] = L1 }\n")
	} else {
		fmt.Fprintf(&b, "unsafe (%s) { %s }\n", l.params, l.unsafe)
	}
	b.WriteString(trans.String())
	return b.String()
}

func sortedInts(m map[int]bool) []int {
	var out []int
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// steps returns the longest thread's length (a steps bound that lets every
// thread finish).
func (l litmus) steps() int {
	k := 1
	for _, th := range l.threads {
		k = max(k, len(th))
	}
	return k
}
