package main

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func decodeJSON(t *testing.T, out string) jsonDoc {
	t.Helper()
	var doc jsonDoc
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	require.NoError(t, dec.Decode(&doc))
	return doc
}

// TestJSONWeakTrace checks the execution of a weak counterexample in JSON:
// the store-buffering shape of flag_mutex, where each process reads the
// other's flag from the initial state while its own raised flag is still
// buffered: rf from init, co ending with the pending writes, and the fr
// edges that close the cycle.
func TestJSONWeakTrace(t *testing.T) {
	code, out, errs := cubew(t, "check", "--format", "json", "testdata/flag_mutex.cub")
	require.Equal(t, exitUnsafe, code, errs)
	doc := decodeJSON(t, out)
	require.Equal(t, jsonVersion, doc.Version)
	require.Equal(t, "check", doc.Command)
	r := doc.Results[0]
	require.Equal(t, "unsafe", r.Verdict)
	x := r.Trace.Execution
	require.NotNil(t, x)
	require.Equal(t, []jsonEvent{
		{ID: "e1", Process: 2, Step: 1, Kind: "write", Location: "Flag[#2]", Value: "True", Buffered: true},
		{ID: "e2", Process: 2, Step: 2, Kind: "read", Location: "Flag[#1]", Value: "False", From: "init"},
		{ID: "e3", Process: 1, Step: 3, Kind: "write", Location: "Flag[#1]", Value: "True", Buffered: true},
		{ID: "e4", Process: 1, Step: 4, Kind: "read", Location: "Flag[#2]", Value: "False", From: "init"},
	}, x.Events)
	require.Equal(t, []jsonEdge{{"init", "e2"}, {"init", "e4"}}, x.RF)
	require.Equal(t, []jsonEdge{{"e2", "e3"}, {"e4", "e1"}}, x.FR)
	require.Equal(t, []jsonCoherence{{"Flag[#2]", []string{"e1"}}, {"Flag[#1]", []string{"e3"}}}, x.CO)
	require.Equal(t, []string{"e1", "e3"}, x.Pending)
}

// TestJSONSchemaDocumented keeps docs/json.md in step with the output:
// every key the printer can write is documented.
func TestJSONSchemaDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/json.md")
	require.NoError(t, err)
	for _, key := range jsonKeys(reflect.TypeOf(jsonDoc{}), map[reflect.Type]bool{}) {
		require.True(t, strings.Contains(string(doc), "`"+key+"`"), "docs/json.md does not document key %q", key)
	}
}

// jsonKeys lists the JSON keys of a struct type and its nested structs
// (each struct once: a crosscheck result nests results).
func jsonKeys(t reflect.Type, seen map[reflect.Type]bool) []string {
	var out []string
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || seen[t] {
		return nil
	}
	seen[t] = true
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		out = append(out, name)
		out = append(out, jsonKeys(f.Type, seen)...)
	}
	return out
}
