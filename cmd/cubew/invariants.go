package main

import (
	"fmt"
	"io"
	"strings"
)

// The model's invariant items are proved by check, as further properties
// of the same search; with --assume-invariants they are trusted, and every
// output says so (this file: the text lines, the JUnit properties and the
// -v line; json.go has the keys).

// invariantLines are the text lines about invariants under a result: the
// one an UNSAFE answer violates, the ones assumed unproved, the ones
// proved.
func invariantLines(r fileResult) []string {
	var out []string
	if r.Violated != "" {
		out = append(out, r.Violated+" violated (the original Cubicle assumes its invariants without proof; --assume-invariants does the same)")
	}
	if len(r.Assumed) > 0 {
		out = append(out, "invariants assumed, not proved (--assume-invariants): "+strings.Join(r.Assumed, ", "))
	}
	if len(r.Proved) > 0 {
		out = append(out, "invariants proved: "+strings.Join(r.Proved, ", "))
	}
	if r.showInferred && len(r.Inferred) > 0 {
		out = append(out, fmt.Sprintf("invariants inferred (%d):", len(r.Inferred)))
		out = append(out, r.Inferred...)
	}
	return out
}

// junitProperties are the JUnit properties of a result's invariants.
func junitProperties(r fileResult) *junitPropertyList {
	var ps []junitProperty
	if r.Violated != "" {
		ps = append(ps, junitProperty{Name: "invariant_violated", Value: r.Violated})
	}
	if len(r.Assumed) > 0 {
		ps = append(ps, junitProperty{Name: "invariants_assumed", Value: strings.Join(r.Assumed, ", ")})
	}
	if len(r.Proved) > 0 {
		ps = append(ps, junitProperty{Name: "invariants_proved", Value: strings.Join(r.Proved, ", ")})
	}
	if ps == nil {
		return nil
	}
	return &junitPropertyList{Properties: ps}
}

// junitPropertyList is a test case's <properties>.
type junitPropertyList struct {
	Properties []junitProperty `xml:"property"`
}

// junitProperty is one <property name= value=>.
type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

// printAssumed writes the -v line of a result whose invariants were
// trusted unproved.
func printAssumed(w io.Writer, file string, assumed []string) {
	if len(assumed) > 0 {
		fmt.Fprintf(w, "%s: invariants assumed, not proved (--assume-invariants): %s\n", file, strings.Join(assumed, ", "))
	}
}
