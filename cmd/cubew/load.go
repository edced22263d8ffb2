package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/syntax"
)

// loadModel loads a model for a command with a --model flag (checked with
// sc rules under --model sc; one without unsafe or invariant items is bad
// input) and resolves the memory model: its name
// (defaultModel) and its rules.
func loadModel(path string, model modelFlag) (*syntax.Model, string, memmodel.Model, error) {
	return loadSource(path, nil, model)
}

// loadSource is loadModel where the path `-` names stdin, the text of the
// standard input.
func loadSource(path string, stdin []byte, model modelFlag) (*syntax.Model, string, memmodel.Model, error) {
	m, err := loadText(path, stdin, syntax.CheckOptions{SC: model == "sc"})
	if err == nil {
		err = m.RequireProperty() // nothing to check is a usage error
	}
	if err != nil {
		return nil, "", nil, err
	}
	name := defaultModel(m, model)
	mm, err := memmodel.ByName(name)
	if err != nil {
		return nil, "", nil, err
	}
	return m, name, mm, nil
}

// defaultModel returns the memory model asked for, else tso for a model
// with weak variables and sc for one without.
func defaultModel(m *syntax.Model, model modelFlag) string {
	switch {
	case model != "":
		return string(model)
	case m.Weak:
		return "tso"
	}
	return "sc"
}

// reportInputError prints err as FILE:LINE:COL: message lines (or one line
// for an unreadable file) on w.
func reportInputError(w io.Writer, err error) {
	var list syntax.ErrorList
	if errors.As(err, &list) {
		for _, e := range list {
			fmt.Fprintln(w, e.Error())
		}
		return
	}
	fmt.Fprintln(w, "cubew: "+err.Error())
}

// firstLine is the first line of an error's message, for one-line reports.
func firstLine(err error) string {
	var list syntax.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		return list[0].Error()
	}
	msg, _, _ := strings.Cut(err.Error(), "\n")
	return msg
}

// inFile prefixes an engine's error with the file it is about, unless its
// message already starts with the file's name (a position in it).
func inFile(path string, err error) error {
	if strings.HasPrefix(err.Error(), path+":") {
		return err
	}
	return fmt.Errorf("%s: %w", path, err)
}

// loadText parses and checks the model at path, or stdin when path is `-`.
func loadText(path string, stdin []byte, opts syntax.CheckOptions) (*syntax.Model, error) {
	if path == "-" {
		return syntax.ParseAndCheck(stdinName, stdin, opts)
	}
	return syntax.Load(path, opts)
}
