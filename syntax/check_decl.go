package syntax

import "strings"

// Declarations: types, constructors, constants, variables and arrays (§3.1–3.4).

// predeclared are the types every model has.
var predeclared = []*Type{
	{Name: "bool", Kind: TBool, Constructors: []string{"True", "False"}},
	{Name: "int", Kind: TInt},
	{Name: "real", Kind: TReal},
	{Name: "proc", Kind: TProc},
}

// declareTypes enters the predeclared types and constructors, then the
// declared types and their constructors.
func (c *checker) declareTypes() {
	m := c.model
	for _, t := range predeclared {
		t := *t
		m.Types[t.Name] = &t
		for _, k := range t.Constructors {
			m.Symbols[k] = &Symbol{Name: k, Class: SymConstructor, Type: &t}
		}
	}
	declared := map[string]*TypeDecl{}
	for _, d := range c.file.Types {
		switch {
		case isPredeclaredType(d.Name):
			c.errorf(d.Pos, "type `%s` is predeclared", d.Name)
			continue
		case declared[d.Name] != nil:
			c.errorf(d.Pos, "type `%s` already declared at %s", d.Name, lineCol(declared[d.Name].Pos))
			continue
		}
		declared[d.Name] = d
		t := &Type{Name: d.Name, Kind: TAbstract}
		if len(d.Constructors) > 0 {
			t.Kind = TEnum
		}
		m.Types[d.Name] = t
		for _, k := range d.Constructors {
			if c.declareName(k.Pos, k.Name) {
				t.Constructors = append(t.Constructors, k.Name)
				m.Symbols[k.Name] = &Symbol{Name: k.Name, Class: SymConstructor, Type: t}
			}
		}
	}
}

func isPredeclaredType(name string) bool {
	for _, t := range predeclared {
		if t.Name == name {
			return true
		}
	}
	return false
}

// declareName reports whether a capitalised name is still free; it reports
// the clash otherwise.
func (c *checker) declareName(pos Pos, name string) bool {
	s := c.model.Symbols[name]
	switch {
	case s == nil:
		return true
	case s.Class == SymConstructor && s.Type.Kind == TBool:
		c.errorf(pos, "`%s` is a predeclared constructor of bool", name)
	default:
		c.errorf(pos, "`%s` already declared at %s", name, lineCol(c.namePos(s)))
	}
	return false
}

// namePos finds where a declared symbol was declared.
func (c *checker) namePos(s *Symbol) Pos {
	if s.Decl != nil {
		return s.Decl.Pos
	}
	for _, d := range c.file.Types {
		for _, k := range d.Constructors {
			if k.Name == s.Name {
				return k.Pos
			}
		}
	}
	return Pos{}
}

// declareSymbols enters constants, variables and arrays.
func (c *checker) declareSymbols() {
	m := c.model
	for _, d := range c.file.Symbols {
		what := symbolWord(d)
		if d.Weak && d.Kind == KindConst {
			c.errorf(d.Pos, "constant `%s` cannot be weak", d.Name)
		}
		if c.weak && d.Kind == KindVar && !d.Weak {
			c.errorf(d.Pos, "variable `%s` must be weak: in a weak-memory model every global variable is weak", d.Name)
		}
		for _, ix := range d.Indices {
			if ix.Name != "proc" {
				c.errorf(ix.Pos, "%s `%s`: index type must be proc, got `%s`", what, d.Name, ix.Name)
			}
		}
		t := m.Types[d.Type.Name]
		if t == nil {
			c.errorf(d.Type.Pos, "unknown type `%s`%s", d.Type.Name, didYouMean(d.Type.Name, names(m.Types)))
		}
		if !c.declareName(d.Pos, d.Name) {
			continue
		}
		s := &Symbol{Name: d.Name, Weak: d.Weak && c.weak && d.Kind != KindConst, Arity: len(d.Indices), Type: t, Decl: d}
		switch d.Kind {
		case KindVar:
			s.Class = SymVar
		case KindArray:
			s.Class = SymArray
		default:
			s.Class = SymConst
		}
		if d.Value != nil && t != nil {
			c.checkConstValue(d, t)
		}
		m.Symbols[d.Name] = s
	}
}

// checkConstValue checks the value of a constant given one: a number of
// the constant's type (an int written without a decimal point, a real
// with one, as everywhere else).
func (c *checker) checkConstValue(d *SymbolDecl, t *Type) {
	switch {
	case !t.Numeric():
		c.errorf(d.Value.Pos, "constant `%s` of type %s cannot be given a number; only int and real constants take a value", d.Name, t.Name)
	case t.Kind == TInt && d.Value.Real:
		c.errorf(d.Value.Pos, "constant `%s` is an int: its value must be an integer, not %s", d.Name, d.Value.Text)
	case t.Kind == TReal && !d.Value.Real:
		c.errorf(d.Value.Pos, "constant `%s` is a real: write its value with a decimal point, as in `%s.0`", d.Name, d.Value.Text)
	}
}

// constValues returns init with the value of every constant given one as a
// conjunct of its body, first (`Tick = 1.0`): a constant never changes, so
// fixing it in the initial states fixes it in every state.
func (c *checker) constValues(init *Init) *Init {
	body := init.Body
	for i := len(c.file.Symbols) - 1; i >= 0; i-- {
		d := c.file.Symbols[i]
		if d.Kind != KindConst || d.Value == nil {
			continue
		}
		eq := &Compare{Pos: d.Pos, Op: OpEq, L: &Name{Pos: d.Pos, Name: d.Name}, R: d.Value}
		body = &Binary{Pos: init.Pos, Op: OpAnd, L: eq, R: body}
	}
	if body == init.Body {
		return init
	}
	with := *init
	with.Body = body
	return &with
}

// symbolWord describes a declaration for messages.
func symbolWord(d *SymbolDecl) string {
	switch {
	case d.Kind == KindVar:
		return "variable"
	case d.Kind == KindArray:
		return "array"
	case len(d.Indices) > 0:
		return "constant array"
	}
	return "constant"
}

// symWord describes a symbol for messages.
func symWord(s *Symbol) string {
	switch s.Class {
	case SymConstructor:
		return "constructor"
	case SymVar:
		return "variable"
	case SymArray:
		return "array"
	}
	if s.Arity > 0 {
		return "constant array"
	}
	return "constant"
}

// article prefixes a word with "a" or "an".
func article(w string) string {
	if w != "" && strings.ContainsRune("aeiou", rune(w[0])) {
		return "an " + w
	}
	return "a " + w
}
