package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/cubew/cubew/translate"
)

// A want file (NAME.want beside NAME.cub, the layout of examples/) lists
// the expected verdict of questions about a model, one per line:
//
//	# engine  model  params     verdict
//	check     tso               UNSAFE
//	bounded   tso    n=2 k=6    UNSAFE
//	bounded   sc     n=3        SAFE
//
// Lines starting with # are comments. The JUnit report uses it; a
// question without a line is expected SAFE.

// wantLine is one question of a want file.
type wantLine struct {
	Engine, Model string
	N, K          int
	Verdict       translate.Verdict
}

// wantPath returns the want file of a model file.
func wantPath(path string) string { return strings.TrimSuffix(path, ".cub") + ".want" }

// readWant reads the want file of a model file; a missing file gives no
// lines and no error.
func readWant(path string) ([]wantLine, error) {
	f, err := os.Open(wantPath(path))
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []wantLine
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		if len(fields) < 3 {
			return nil, fmt.Errorf("%s:%d: want `engine model [params] verdict`", wantPath(path), line)
		}
		w := wantLine{Engine: fields[0], Model: fields[1]}
		if err := w.Verdict.UnmarshalText([]byte(strings.ToLower(fields[len(fields)-1]))); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", wantPath(path), line, err)
		}
		for _, p := range fields[2 : len(fields)-1] {
			key, val, ok := strings.Cut(p, "=")
			v, err := strconv.Atoi(val)
			if !ok || err != nil || (key != "n" && key != "k") {
				return nil, fmt.Errorf("%s:%d: parameter %q: want n=N or k=K", wantPath(path), line, p)
			}
			if key == "n" {
				w.N = v
			} else {
				w.K = v
			}
		}
		out = append(out, w)
	}
	return out, sc.Err()
}

// expected returns the verdict a want file expects for a result, SAFE when
// no line matches. The check engine's lines say `check` (crosscheck's
// verdict is check's, so they hold for it too); the bounded
// engines' say `bounded` with the instance's n, and k when the line is
// about one steps bound only: a line without k= holds for every bound,
// and a line with the result's k wins over it.
func expected(lines []wantLine, r fileResult) translate.Verdict {
	engine := "check"
	if r.Engine == "dpor" || r.Engine == "explicit" {
		engine = "bounded"
	}
	verdict, general := translate.Safe, false
	for _, w := range lines {
		if w.Engine != engine || w.Model != r.Model || w.N != r.N {
			continue
		}
		switch {
		case w.K == r.K:
			return w.Verdict
		case w.K == 0 && !general:
			verdict, general = w.Verdict, true
		}
	}
	return verdict
}
