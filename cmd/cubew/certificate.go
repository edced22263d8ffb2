package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/cubew/cubew/certify"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/translate"
)

// certificatePath is where the certificate of model path goes: dest
// itself when it names a .smt2 file, else dest/NAME.smt2 (dest a folder,
// made when missing).
func certificatePath(dest, path string) (string, error) {
	if strings.HasSuffix(dest, ".smt2") {
		return dest, nil
	}
	if err := os.MkdirAll(dest, 0o755); err != nil {
		return "", err
	}
	return filepath.Join(dest, strings.TrimSuffix(filepath.Base(path), ".cub")+".smt2"), nil
}

// writeCertificate writes the certificate of a SAFE answer (nothing for
// other verdicts). A proof that includes a pre-image only with a fence
// moved before its class (reach.ErrFenceMoved, under pso) cannot be
// stated: exact runs the search again without that inclusion
// (reach.Options.ExactFences), and the certificate is its proof.
func writeCertificate(dest, path string, sys *translate.System, mm memmodel.Model, res *reach.Result, exact func() (*reach.Result, error)) error {
	if dest == "" || res.Verdict != translate.Safe {
		return nil
	}
	var b bytes.Buffer
	err := certify.Write(&b, &certify.Certificate{Sys: sys, Cubes: res.Invariant, Source: path, Model: mm})
	if errors.Is(err, reach.ErrFenceMoved) {
		if again, aerr := exact(); aerr != nil {
			err = fmt.Errorf("%w; the search without it: %w", err, aerr)
		} else if again.Verdict != translate.Safe {
			err = fmt.Errorf("%w; the search without it answers %s: %s", err, again.Verdict, again.Reason)
		} else {
			b.Reset()
			err = certify.Write(&b, &certify.Certificate{Sys: sys, Cubes: again.Invariant, Source: path, Model: mm})
		}
	}
	if err != nil {
		return withCode(exitBadInput, "--certificate: %v", err)
	}
	file, err := certificatePath(dest, path)
	if err == nil {
		err = os.WriteFile(file, b.Bytes(), 0o644)
	}
	if err != nil {
		return withCode(exitBadInput, "--certificate: %v", err)
	}
	return nil
}

// certificateDest rejects one .smt2 file for several models, or for a
// folder of models.
func certificateDest(dest string, args []string) error {
	if !strings.HasSuffix(dest, ".smt2") {
		return nil
	}
	several := len(args) > 1
	for _, a := range args {
		if st, err := os.Stat(a); err == nil && st.IsDir() {
			several = true
		}
	}
	if several {
		return withCode(exitBadInput, "--certificate %s: several models need a folder, not one .smt2 file", dest)
	}
	return nil
}
