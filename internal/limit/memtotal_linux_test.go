package limit

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestMemTotalIsMeminfo checks that memTotal gives MemTotal of
// /proc/meminfo, which it replaces.
func TestMemTotalIsMeminfo(t *testing.T) {
	data, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		t.Fatal(err)
	}
	line, _, _ := strings.Cut(string(data), "\n")
	fields := strings.Fields(line)
	if len(fields) != 3 || fields[0] != "MemTotal:" || fields[2] != "kB" {
		t.Fatalf("first line of /proc/meminfo: %q", line)
	}
	kb, err := strconv.ParseUint(fields[1], 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := memTotal(), kb<<10; got != want {
		t.Errorf("memTotal() = %d, MemTotal = %d", got, want)
	}
}
