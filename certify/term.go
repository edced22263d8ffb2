package certify

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

// env prints terms and literals: processes by names, state variables and
// arrays with prefix (e.g. "pre.") before their names; constants have
// none. consts collects the process constants printed.
type env struct {
	names  procNames
	prefix string
	consts map[int]bool
	syms   map[string]*syntax.Symbol // the model's, for the sorts of constants
	// Under a weak model: events are the events of the cube printed (the
	// values of its reads), read the event of the reads of the transition
	// printed.
	weak   *weakModel
	events []translate.Event
	read   string
}

func (e env) with(prefix string) env { e.prefix = prefix; return e }

func (e env) proc(p translate.Proc) string {
	if p.IsConst() && e.consts != nil {
		e.consts[int(-p)] = true
	}
	return e.names.name(p)
}

// state names a state symbol (with the prefix) or a constant.
func (e env) state(s *syntax.Symbol) string {
	if s.Class == syntax.SymConst {
		return quote(s.Name)
	}
	return quote(e.prefix + s.Name)
}

// cell is s[args] as nested selects.
func cell(base string, args []string) string {
	for _, a := range args {
		base = "(select " + base + " " + a + ")"
	}
	return base
}

func (e env) literal(l translate.Literal) string {
	real := e.isReal(l.L) || e.isReal(l.R)
	a, b := e.term(l.L, real), e.term(l.R, real)
	switch l.Op {
	case translate.Eq:
		return "(= " + a + " " + b + ")"
	case translate.Ne:
		return "(not (= " + a + " " + b + "))"
	case translate.Lt:
		return "(< " + a + " " + b + ")"
	}
	return "(<= " + a + " " + b + ")"
}

// conj prints a conjunction of literals.
func (e env) conj(lits []translate.Literal) string {
	parts := make([]string, len(lits))
	for i, l := range lits {
		parts[i] = e.literal(l)
	}
	return and(parts...)
}

// dnf prints a disjunction of conjunctions.
func (e env) dnf(d [][]translate.Literal) string {
	parts := make([]string, len(d))
	for i, c := range d {
		parts[i] = e.conj(c)
	}
	return or(parts...)
}

func (e env) term(t *translate.Term, real bool) string {
	switch t.Kind {
	case translate.KState:
		args := make([]string, len(t.Args))
		for i, p := range t.Args {
			args[i] = e.proc(p)
		}
		return cell(e.state(t.Sym), args)
	case translate.KProc:
		return e.proc(t.P)
	case translate.KCtor:
		return ctor(t.Ctor)
	case translate.KRead:
		args := make([]string, len(t.Args))
		for i, p := range t.Args {
			args[i] = e.proc(p)
		}
		return rval(t.Sym, e.read, args)
	case translate.KVal:
		ev := e.events[int(t.P-translate.EventBase)]
		args := make([]string, len(ev.Index))
		for i, p := range ev.Index {
			args[i] = e.proc(p)
		}
		return rval(t.Sym, eventName(int(t.P-translate.EventBase)), args)
	case translate.KLin:
		var parts []string
		if t.Base != nil {
			parts = append(parts, e.term(t.Base, real))
		}
		if t.Off.K != nil && t.Off.K.Sign() != 0 || len(parts) == 0 && len(t.Off.Consts) == 0 {
			parts = append(parts, number(t.Off.K, real))
		}
		for _, c := range t.Off.Consts {
			parts = append(parts, "(* "+number(big.NewRat(c.K, 1), real)+" "+quote(c.Name)+")")
		}
		if len(parts) == 1 {
			return parts[0]
		}
		return "(+ " + strings.Join(parts, " ") + ")"
	}
	panic(fmt.Sprintf("certify: term %s of unknown kind", t.Key()))
}

// ctor prints a constructor; bool's are SMT-LIB's true and false.
func ctor(name string) string {
	switch name {
	case "True":
		return "true"
	case "False":
		return "false"
	}
	return quote(name)
}

// isReal reports whether a numeric term is of sort Real.
func (e env) isReal(t *translate.Term) bool {
	switch t.Kind {
	case translate.KState, translate.KVal, translate.KRead:
		return t.Sym.Type.Kind == syntax.TReal
	case translate.KLin:
		if t.Base != nil {
			return e.isReal(t.Base)
		}
		for _, c := range t.Off.Consts {
			if s := e.syms[c.Name]; s != nil && s.Type.Kind == syntax.TReal {
				return true
			}
		}
		return t.Off.K != nil && !t.Off.K.IsInt()
	}
	return false
}

// number prints a rational as an Int or Real literal.
func number(k *big.Rat, real bool) string {
	if k == nil {
		k = new(big.Rat)
	}
	neg := k.Sign() < 0
	a := new(big.Rat).Abs(k)
	var s string
	switch {
	case a.IsInt() && !real:
		s = a.Num().String()
	case a.IsInt():
		s = a.Num().String() + ".0"
	default:
		s = "(/ " + a.Num().String() + ".0 " + a.Denom().String() + ".0)"
	}
	if neg {
		return "(- " + s + ")"
	}
	return s
}

// and prints a conjunction (true when empty).
func and(parts ...string) string { return nary("and", "true", parts) }

// or prints a disjunction (false when empty).
func or(parts ...string) string { return nary("or", "false", parts) }

func nary(op, empty string, parts []string) string {
	switch len(parts) {
	case 0:
		return empty
	case 1:
		return parts[0]
	}
	return "(" + op + " " + strings.Join(parts, " ") + ")"
}
