package certify

import (
	"fmt"
	"strings"
)

// commands splits an SMT-LIB script into its top-level commands,
// skipping comments; strings and quoted symbols may hold parentheses.
func commands(script string) ([]string, error) {
	var out []string
	depth, start := 0, -1
	for i := 0; i < len(script); i++ {
		switch c := script[i]; c {
		case ';':
			for i < len(script) && script[i] != '\n' {
				i++
			}
		case '"', '|':
			j := strings.IndexByte(script[i+1:], c)
			for c == '"' && j >= 0 && i+j+2 < len(script) && script[i+j+2] == '"' { // "" escapes a quote
				k := strings.IndexByte(script[i+j+3:], '"')
				if k < 0 {
					j = -1
					break
				}
				j += k + 2
			}
			if j < 0 {
				return nil, fmt.Errorf("unterminated %c", c)
			}
			i += j + 1
		case '(':
			if depth == 0 {
				start = i
			}
			depth++
		case ')':
			depth--
			if depth < 0 {
				return nil, fmt.Errorf("unbalanced )")
			}
			if depth == 0 {
				out = append(out, script[start:i+1])
			}
		}
	}
	if depth != 0 {
		return nil, fmt.Errorf("unbalanced (")
	}
	return out, nil
}

// Split returns one script per (check-sat) of a certificate: the commands
// in scope at that point (the push/pop frames around it flattened) and
// the last (echo) before it, so that each obligation can run alone, with
// its own resource limit.
func Split(script string) ([]string, error) {
	cmds, err := commands(script)
	if err != nil {
		return nil, err
	}
	frames := [][]string{nil}
	echo := ""
	var out []string
	for _, c := range cmds {
		head := strings.Fields(strings.TrimPrefix(c, "("))
		op := ""
		if len(head) > 0 {
			op = strings.TrimSuffix(head[0], ")")
		}
		switch op {
		case "push":
			frames = append(frames, nil)
		case "pop":
			n := 1
			if len(head) > 1 {
				fmt.Sscan(strings.TrimSuffix(head[1], ")"), &n)
			}
			if n >= len(frames) {
				return nil, fmt.Errorf("pop below the first frame")
			}
			frames = frames[:len(frames)-n]
		case "echo":
			echo = c
		case "check-sat":
			var b strings.Builder
			for _, f := range frames {
				for _, x := range f {
					b.WriteString(x + "\n")
				}
			}
			b.WriteString(echo + "\n" + c + "\n")
			out = append(out, b.String())
		default:
			frames[len(frames)-1] = append(frames[len(frames)-1], c)
		}
	}
	return out, nil
}
