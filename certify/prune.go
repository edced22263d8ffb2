package certify

import "strings"

// definitions indexes the top-level define-funs of a certificate: what
// each one's body names, so that a part of the certificate (Only: one
// group, one obligation) can leave out the definitions it does not need.
// Reading the definitions is most of what a prover spends on a part of a
// large certificate: 0.85 of the 0.85 CPU-s Z3 took on one obligation of
// arbiter_v2_N's pso certificate alone (4.2 MB, 3,972 definitions), when
// the obligation names a few dozen of them.
type definitions struct {
	// uses maps a definition's name to the symbols its body names: of
	// all the definitions of that name (a transition's group defines its
	// step_N in its own scope, and so does the next group).
	uses map[string][]string
}

// newDefinitions indexes the define-funs of script.
func newDefinitions(script string) *definitions {
	d := &definitions{uses: map[string][]string{}}
	forTopLevel(strings.Split(script, "\n"), func(name string, block []string) {
		if name != "" {
			for _, l := range block {
				d.uses[name] = appendSymbols(d.uses[name], l)
			}
		}
	})
	return d
}

// prune returns part (a script made of script's lines, as Only makes
// them) without the define-funs that nothing else of it names, directly
// or through the definitions it keeps. A definition named by nothing
// left is not part of any assertion: the part states the same formulas,
// and each obligation answers as it would with all of them.
func (d *definitions) prune(part string) string {
	lines := strings.Split(part, "\n")
	need := map[string]bool{}
	var todo []string
	forTopLevel(lines, func(name string, block []string) {
		if name == "" {
			for _, l := range block {
				todo = appendSymbols(todo, l)
			}
		}
	})
	for len(todo) > 0 {
		s := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if uses, ok := d.uses[s]; ok && !need[s] {
			need[s] = true
			todo = append(todo, uses...)
		}
	}
	out := make([]string, 0, len(lines))
	forTopLevel(lines, func(name string, block []string) {
		if name == "" || need[name] {
			out = append(out, block...)
		}
	})
	return strings.Join(out, "\n")
}

// forTopLevel calls f on every top-level define-fun of lines (its name,
// and its lines: from "(define-fun NAME" to the line that closes it),
// and with name "" on every other line, in order.
func forTopLevel(lines []string, f func(name string, block []string)) {
	for i := 0; i < len(lines); i++ {
		rest, ok := strings.CutPrefix(lines[i], "(define-fun ")
		if !ok {
			f("", lines[i:i+1])
			continue
		}
		name := firstSymbol(rest)
		depth, j := 0, i
		for ; j < len(lines); j++ {
			depth += parenDepth(lines[j])
			if depth <= 0 {
				break
			}
		}
		j = min(j, len(lines)-1)
		f(name, lines[i:j+1])
		i = j
	}
}

// parenDepth is the change of parenthesis depth along an SMT-LIB line
// (outside |quoted| symbols and "strings", before a ; comment).
func parenDepth(line string) int {
	depth := 0
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '|' || c == '"':
			quote = c
		case c == ';':
			return depth
		case c == '(':
			depth++
		case c == ')':
			depth--
		}
	}
	return depth
}

// appendSymbols appends the symbols of an SMT-LIB line to syms (every
// token between parentheses and spaces, |quoted| ones with their bars,
// as define-fun names them), stopping at a ; comment.
func appendSymbols(syms []string, line string) []string {
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case c == ';':
			return syms
		case c == '(' || c == ')' || c == ' ' || c == '\t':
			i++
		case c == '|' || c == '"':
			end := strings.IndexByte(line[i+1:], c)
			if end < 0 {
				return append(syms, line[i:])
			}
			if c == '|' {
				syms = append(syms, line[i:i+end+2])
			}
			i += end + 2
		default:
			j := i
			for j < len(line) && !strings.ContainsRune("() \t;|\"", rune(line[j])) {
				j++
			}
			syms = append(syms, line[i:j])
			i = j
		}
	}
	return syms
}

// firstSymbol is the symbol a line starts with (a |quoted| one whole).
func firstSymbol(line string) string {
	if syms := appendSymbols(nil, line); len(syms) > 0 {
		return syms[0]
	}
	return ""
}
