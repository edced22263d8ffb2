package syntax_test

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/syntax"
	"github.com/stretchr/testify/require"
)

func corpusSources(t testing.TB) map[string][]byte {
	t.Helper()
	dir, err := corpus.Dir()
	require.NoError(t, err, "the shared corpus is required")
	files, err := corpus.Files(dir)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 60, "corpus files")
	out := map[string][]byte{}
	for _, f := range files {
		src, err := os.ReadFile(filepath.Join(dir, f))
		require.NoError(t, err)
		out[f] = src
	}
	return out
}

func TestCorpusParsesAndRoundTrips(t *testing.T) {
	for name, src := range corpusSources(t) {
		t.Run(name, func(t *testing.T) {
			f, err := syntax.Parse(name, src)
			require.NoError(t, err)
			assertRoundTrip(t, f)
		})
	}
}

// assertRoundTrip checks parse(print(f)) = f up to positions, and that
// printing is idempotent.
func assertRoundTrip(t *testing.T, f *syntax.File) {
	t.Helper()
	text := syntax.Print(f)
	g, err := syntax.Parse(f.Name, []byte(text))
	require.NoError(t, err, "re-parsing the printed text:\n%s", text)
	require.Equal(t, text, syntax.Print(g), "printing is not idempotent")
	require.Equal(t, stripPositions(f), stripPositions(g), "AST changed by print/parse:\n%s", text)
}

// stripPositions returns a deep copy of v with every syntax.Pos zeroed.
func stripPositions(v any) any {
	rv := reflect.ValueOf(v)
	out := reflect.New(rv.Type()).Elem()
	copyZeroPos(out, rv)
	return out.Interface()
}

var posType = reflect.TypeOf(syntax.Pos{})

func copyZeroPos(dst, src reflect.Value) {
	if src.Type() == posType {
		return
	}
	switch src.Kind() {
	case reflect.Pointer:
		if src.IsNil() {
			return
		}
		if src.Type().Elem().PkgPath() != "github.com/cubew/cubew/syntax" {
			dst.Set(src) // e.g. *big.Rat: compared by value
			return
		}
		p := reflect.New(src.Type().Elem())
		copyZeroPos(p.Elem(), src.Elem())
		dst.Set(p)
	case reflect.Interface:
		if src.IsNil() {
			return
		}
		e := reflect.New(src.Elem().Type()).Elem()
		copyZeroPos(e, src.Elem())
		dst.Set(e)
	case reflect.Slice:
		if src.IsNil() {
			return
		}
		s := reflect.MakeSlice(src.Type(), src.Len(), src.Len())
		for i := 0; i < src.Len(); i++ {
			copyZeroPos(s.Index(i), src.Index(i))
		}
		dst.Set(s)
	case reflect.Struct:
		for i := 0; i < src.NumField(); i++ {
			copyZeroPos(dst.Field(i), src.Field(i))
		}
	default:
		dst.Set(src)
	}
}
