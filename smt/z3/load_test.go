//go:build cgo

package z3

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// loadProbeEnv makes the test binary, run again by TestLoadedOnFirstContext,
// act as the probe process instead of running the tests.
const loadProbeEnv = "CUBEW_Z3_LOAD_PROBE"

// TestLoadedOnFirstContext runs a fresh process (this test binary, in probe
// mode) and checks that libz3 is absent from its mappings until the first
// Context is made, and present after.
func TestLoadedOnFirstContext(t *testing.T) {
	if os.Getenv(loadProbeEnv) != "" {
		t.Skip("the probe itself")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestLoadProbe$", "-test.count=1")
	cmd.Env = append(os.Environ(), loadProbeEnv+"=1")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, string(out))
	require.Contains(t, string(out), "before=false after=true")
}

// TestLoadProbe is the probe of TestLoadedOnFirstContext; it does nothing
// in a normal run.
func TestLoadProbe(t *testing.T) {
	if os.Getenv(loadProbeEnv) == "" {
		t.Skip("run by TestLoadedOnFirstContext")
	}
	before := libz3Mapped(t)
	c := NewContext()
	c.Close()
	fmt.Printf("before=%t after=%t\n", before, libz3Mapped(t))
}

// libz3Mapped reports whether libz3 is mapped into this process.
func libz3Mapped(t *testing.T) bool {
	maps, err := os.ReadFile("/proc/self/maps")
	require.NoError(t, err)
	return strings.Contains(string(maps), "libz3")
}

// TestLoadAndOpen checks that Load succeeds here, gives the same answer
// twice, and that Open returns a working Solver.
func TestLoadAndOpen(t *testing.T) {
	require.NoError(t, Load())
	require.NoError(t, Load())
	s, err := Open()
	require.NoError(t, err)
	defer s.Close()
	require.NotZero(t, s.True())
}
