package certify_test

import (
	"os"
	"testing"
)

func TestDump(t *testing.T) {
	p := os.Getenv("CERT_MODEL")
	if p == "" {
		t.Skip()
	}
	os.WriteFile(os.Getenv("CERT_OUT"), []byte(text(t, prove(t, p))), 0o644)
}
