package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestUnifiedDiff(t *testing.T) {
	require.Empty(t, unifiedDiff("a", "b", "x\n", "x\n"))
	require.Equal(t, "--- m.cub.orig\n+++ m.cub\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n",
		unifiedDiff("m.cub.orig", "m.cub", "a\nb\nc\n", "a\nB\nc\n"))
	require.Equal(t, "--- m.cub.orig\n+++ m.cub\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+a\n",
		unifiedDiff("m.cub.orig", "m.cub", "a", "a\n"), "a missing final newline is shown as diff shows it")
}
