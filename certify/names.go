package certify

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
)

var simpleSymbol = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.!]*$`)

// sortNames are the SMT-LIB sort names a model symbol could be confused
// with (model symbols are capitalised; this package's own names are in
// lower case).
var sortNames = map[string]bool{"Int": true, "Real": true, "Bool": true, "Array": true, "Proc": true}

// quote returns name as an SMT-LIB symbol: quoted when it has characters
// outside a simple symbol, suffixed with ! when it is a sort's name.
func quote(name string) string {
	if sortNames[name] {
		name += "!"
	}
	if simpleSymbol.MatchString(name) {
		return name
	}
	return "|" + strings.ReplaceAll(name, "|", "_") + "|"
}

// sortOf is the SMT-LIB sort of a value of typ.
func sortOf(typ *syntax.Type) string {
	switch typ.Kind {
	case syntax.TBool:
		return "Bool"
	case syntax.TInt:
		return "Int"
	case syntax.TReal:
		return "Real"
	case syntax.TProc:
		return "Proc"
	}
	return quote(typ.Name)
}

// symSort is the sort of a variable, array or constant: arrays nest one
// SMT-LIB array per index.
func symSort(s *syntax.Symbol) string {
	out := sortOf(s.Type)
	for i := 0; i < s.Arity; i++ {
		out = "(Array Proc " + out + ")"
	}
	return out
}

// procNames names the processes of a formula: cube variables p1, p2, ...;
// constants by their number; transition parameters by args; case index
// variables j0, j1, ...; the forall_other variable q.
type procNames struct {
	args []string
}

func (n procNames) name(p translate.Proc) string {
	switch {
	case p.IsConst():
		return fmt.Sprint(int(-p))
	case p.IsVar():
		return fmt.Sprintf("p%d", int(p))
	case p >= translate.EventBase:
		return fmt.Sprintf("e%d", int(p-translate.EventBase))
	case p >= translate.OtherVar:
		return "q"
	case p >= translate.IndexBase:
		return fmt.Sprintf("j%d", int(p-translate.IndexBase))
	}
	i := int(p - translate.ParamBase)
	if i < len(n.args) {
		return n.args[i]
	}
	return fmt.Sprintf("arg%d", i)
}
