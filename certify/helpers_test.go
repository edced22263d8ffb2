package certify_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"testing"

	"github.com/cubew/cubew/certify"
	"github.com/cubew/cubew/memmodel"
	"github.com/cubew/cubew/reach"
	"github.com/cubew/cubew/smt"
	"github.com/cubew/cubew/smt/z3"
	"github.com/cubew/cubew/syntax"
	"github.com/cubew/cubew/translate"
	"github.com/stretchr/testify/require"
)

// prove checks a model under SC and returns its SAFE certificate.
func prove(t testing.TB, path string) *certify.Certificate {
	t.Helper()
	return proveUnder(t, path, memmodel.SC)
}

// proveUnder checks a model under memory model mm (SC: the weak
// declarations have no effect) and returns its SAFE certificate. As
// `check --certificate` does, a proof that moves a fence before its class
// (reach.ErrFenceMoved) is replaced by that of a search without that
// inclusion (reach.Options.ExactFences).
func proveUnder(t testing.TB, path string, mm memmodel.Model) *certify.Certificate {
	t.Helper()
	c := search(t, path, mm, reach.Options{})
	if err := certify.Write(io.Discard, c); errors.Is(err, reach.ErrFenceMoved) {
		return search(t, path, mm, reach.Options{ExactFences: true})
	}
	return c
}

// search checks a model under mm with opts (its model, solver and node
// budget set here) and returns the certificate of its SAFE answer.
func search(t testing.TB, path string, mm memmodel.Model, opts reach.Options) *certify.Certificate {
	t.Helper()
	sys := build(t, path, mm)
	opts.Model, opts.NewSolver, opts.MaxNodes = mm, func() smt.Solver { return z3.New() }, 10000
	res, err := reach.Check(context.Background(), sys, opts)
	require.NoError(t, err)
	require.Equal(t, translate.Safe, res.Verdict, res.Reason)
	return &certify.Certificate{Sys: sys, Cubes: res.Invariant, Source: path, Model: mm}
}

// build loads and translates a model to check under mm.
func build(t testing.TB, path string, mm memmodel.Model) *translate.System {
	t.Helper()
	m, err := syntax.Load(path, syntax.CheckOptions{SC: mm == memmodel.SC})
	require.NoError(t, err)
	sys, err := translate.Build(m)
	require.NoError(t, err)
	return sys
}

// text prints a certificate.
func text(t testing.TB, c *certify.Certificate) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, certify.Write(&b, c))
	return b.String()
}
