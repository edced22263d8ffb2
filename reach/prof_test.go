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

func TestProfOne(t *testing.T) {
	f := os.Getenv("PROF_FILE")
	if f == "" {
		t.Skip()
	}
	dir, _ := corpus.Dir()
	sys := load(t, filepath.Join(dir, f), true)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	start := time.Now()
	res, err := reach.Check(ctx, sys, reach.Options{NewSolver: newSolver, MaxNodes: 5000})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s %s %+v %v", res.Verdict, res.Reason, res.Stats, time.Since(start))
}
