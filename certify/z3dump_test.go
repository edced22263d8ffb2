package certify_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/cubew/cubew/certify"
)

func TestDumpZ3(t *testing.T) {
	p := os.Getenv("CERT_FILE")
	if p == "" {
		t.Skip()
	}
	b, _ := os.ReadFile(p)
	out, err := certify.Z3(string(b), 0)
	fmt.Println(out, err)
}
