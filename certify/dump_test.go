package certify_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestDump(t *testing.T) {
	out := os.Getenv("CERT_OUT")
	if out == "" {
		t.Skip()
	}
	for _, p := range strings.Fields(os.Getenv("CERT_MODELS")) {
		start := time.Now()
		c := prove(t, p)
		os.WriteFile(filepath.Join(out, strings.TrimSuffix(filepath.Base(p), ".cub")+".smt2"), []byte(text(t, c)), 0o644)
		fmt.Println(p, len(c.Cubes), time.Since(start))
	}
}
