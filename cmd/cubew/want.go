package main

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/cubew/cubew/syntax"
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
// Lines starting with # are comments. The JUnit and SARIF reports and
// --expect use it; a question without a line is expected SAFE.

// wantLine is one question of a want file.
type wantLine struct {
	Engine, Model string
	N, K          int
	Verdict       translate.Verdict
}

// wantPath returns the want file of a model file.
func wantPath(path string) string { return strings.TrimSuffix(path, ".cub") + ".want" }

// wantFiles reads the want files of the answers, each file once.
type wantFiles map[string][]wantLine

// read returns the lines of the want file of file, reading it on first
// use; its error comes with that first read only.
func (w wantFiles) read(file string) ([]wantLine, error) {
	if lines, ok := w[file]; ok {
		return lines, nil
	}
	lines, err := readWant(file)
	w[file] = lines
	return lines, err
}

// readWant reads the want file of a model file; a missing file (and the
// standard input) gives no lines and no error. Every line must be a
// question cubew can answer: a misspelt engine, model, parameter or
// verdict is an error at its position (FILE.want:LINE:COL), never a line
// skipped. Models and verdicts are case-insensitive.
func readWant(path string) ([]wantLine, error) {
	if path == "-" {
		return nil, nil
	}
	src, err := os.ReadFile(wantPath(path))
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []wantLine
	var errs syntax.ErrorList
	for i, text := range strings.Split(string(src), "\n") {
		w, pos, msg := parseWantLine(text)
		switch {
		case msg != "":
			errs.Add(syntax.Pos{Filename: wantPath(path), Line: i + 1, Column: pos + 1}, "%s", msg)
		case w != nil:
			out = append(out, *w)
		}
	}
	return out, errs.Err()
}

// wantEngines and wantModels are the words a want line may start with.
var (
	wantEngines = []string{"check", "bounded"}
	wantModels  = []string{"sc", "tso", "pso"}
)

// parseWantLine parses one line of a want file: nil for a blank line or a
// comment, else the question, or the byte offset and text of an error.
func parseWantLine(text string) (*wantLine, int, string) {
	fields, offsets := wantFields(text)
	if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
		return nil, 0, ""
	}
	if len(fields) < 3 {
		return nil, offsets[0], "want `engine model [params] verdict`, as in `check tso UNSAFE`"
	}
	w := &wantLine{Engine: fields[0], Model: strings.ToLower(fields[1])}
	if !slices.Contains(wantEngines, w.Engine) {
		return nil, offsets[0], fmt.Sprintf("unknown engine `%s` (want check or bounded)%s", w.Engine, suggestion(w.Engine, wantEngines))
	}
	if !slices.Contains(wantModels, w.Model) {
		return nil, offsets[1], fmt.Sprintf("unknown memory model `%s` (want sc, tso or pso)%s", fields[1], suggestion(w.Model, wantModels))
	}
	last := len(fields) - 1
	if err := w.Verdict.UnmarshalText([]byte(strings.ToLower(fields[last]))); err != nil {
		return nil, offsets[last], fmt.Sprintf("unknown verdict `%s` (want SAFE, UNSAFE or UNKNOWN)", fields[last])
	}
	for i := 2; i < last; i++ {
		p := fields[i]
		key, val, ok := strings.Cut(p, "=")
		v, err := strconv.Atoi(val)
		switch {
		case w.Engine == "check":
			return nil, offsets[i], fmt.Sprintf("parameter `%s`: check questions have none (n= and k= are for bounded)", p)
		case !ok || err != nil || v < 1 || (key != "n" && key != "k"):
			return nil, offsets[i], fmt.Sprintf("parameter `%s`: want n=N or k=K", p)
		case key == "n":
			w.N = v
		default:
			w.K = v
		}
	}
	if w.Engine == "bounded" && w.N == 0 {
		return nil, offsets[0], "a bounded question needs the instance's n=N"
	}
	return w, 0, ""
}

// wantFields splits a line into blank-separated fields and their byte
// offsets.
func wantFields(text string) ([]string, []int) {
	var fields []string
	var offsets []int
	start := -1
	for i := 0; i <= len(text); i++ {
		blank := i == len(text) || text[i] == ' ' || text[i] == '\t' || text[i] == '\r'
		switch {
		case blank && start >= 0:
			fields, offsets = append(fields, text[start:i]), append(offsets, start)
			start = -1
		case !blank && start < 0:
			start = i
		}
	}
	return fields, offsets
}

// suggestion is "; did you mean `X`?" for the closest word, or "".
func suggestion(word string, words []string) string {
	if s := syntax.Closest(word, words); s != "" {
		return fmt.Sprintf("; did you mean `%s`?", s)
	}
	return ""
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
