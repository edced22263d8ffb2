package reach_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/reach"
)

// TestProfOne runs one corpus file named by $PROF_FILE (for profiling with
// -cpuprofile); it is skipped otherwise.
func TestProfOne(t *testing.T) {
	f := os.Getenv("PROF_FILE")
	if f == "" {
		t.Skip("set PROF_FILE to a corpus file")
	}
	dir, err := corpus.Dir()
	if err != nil {
		t.Fatal(err)
	}
	sys := load(t, filepath.Join(dir, f), os.Getenv("PROF_SC") != "")
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	start := time.Now()
	res, err := reach.Check(ctx, sys, reach.Options{NewSolver: newSolver, MaxNodes: 20000})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s %s %+v %v", res.Verdict, res.Reason, res.Stats, time.Since(start))
}
