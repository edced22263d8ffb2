package syntax_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cubew/cubew/internal/corpus"
	"github.com/cubew/cubew/syntax"
	"github.com/stretchr/testify/require"
)

// TestCheckErrors runs the chunks of testdata/errors/*.cub. Chunks are
// separated by a line `---` and keep the line numbers of the whole file. A
// comment `(* ERROR "rx" *)` expects an error whose message matches the
// regexp rx entirely, on the comment's line, at the column of the token just
// before the comment (several ERROR comments after one token are allowed).
// Every reported error must be expected. A chunk containing `(* OPTIONS sc *)`
// is checked with CheckOptions.SC.
func TestCheckErrors(t *testing.T) {
	files, err := filepath.Glob("testdata/errors/*.cub")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	total := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		for _, ch := range splitChunks(string(data)) {
			want := expectedErrors(t, file, ch.src)
			if len(want) > 0 {
				total++
			}
			t.Run(fmt.Sprintf("%s:%d", filepath.Base(file), ch.line), func(t *testing.T) {
				opts := syntax.CheckOptions{SC: strings.Contains(ch.src, "(* OPTIONS sc *)")}
				checkChunk(t, file, ch.src, opts, want)
			})
		}
	}
	require.GreaterOrEqual(t, total, 40, "malformed models in testdata/errors")
}

type chunk struct {
	line int    // first line of the chunk in its file
	src  string // the chunk, preceded by blank lines up to its first line
}

func splitChunks(data string) []chunk {
	var out []chunk
	lines := strings.Split(data, "\n")
	start := 0
	for i := 0; i <= len(lines); i++ {
		if i == len(lines) || strings.TrimSpace(lines[i]) == "---" {
			src := strings.Repeat("\n", start) + strings.Join(lines[start:i], "\n")
			out = append(out, chunk{start + 1, src})
			start = i + 1
		}
	}
	return out
}

type wantErr struct {
	line, col int
	rx        *regexp.Regexp
}

var errorComment = regexp.MustCompile(`\(\* ERROR "(.*?)" \*\)`)

// expectedErrors finds the ERROR comments of a chunk.
func expectedErrors(t *testing.T, file, src string) []wantErr {
	t.Helper()
	var out []wantErr
	for i, line := range strings.Split(src, "\n") {
		for _, m := range errorComment.FindAllStringSubmatchIndex(line, -1) {
			col := tokenBefore(line, m[0])
			require.NotZero(t, col, "%s:%d: no token before the ERROR comment", file, i+1)
			rx, err := regexp.Compile("^(?:" + line[m[2]:m[3]] + ")$")
			require.NoError(t, err, "%s:%d", file, i+1)
			out = append(out, wantErr{i + 1, col, rx})
		}
	}
	return out
}

// tokenBefore returns the 1-based column of the token that ends before
// offset end of line (skipping blanks and earlier comments), or 0.
func tokenBefore(line string, end int) int {
	i := end
	for {
		for i > 0 && (line[i-1] == ' ' || line[i-1] == '\t') {
			i--
		}
		if i >= 2 && line[i-2:i] == "*)" {
			i = strings.LastIndex(line[:i], "(*")
			continue
		}
		break
	}
	if i == 0 {
		return 0
	}
	word := func(b byte) bool {
		return b == '_' || b == '#' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
	}
	digit := func(k int) bool { return k >= 0 && line[k] >= '0' && line[k] <= '9' }
	switch c := line[i-1]; {
	case word(c):
		for i > 0 && word(line[i-1]) {
			i--
		}
		if i >= 2 && line[i-1] == '.' && digit(i-2) { // a real: 1.5
			for i--; i > 0 && digit(i-1); i-- {
			}
		}
		if i >= 1 && line[i-1] == '-' && digit(i) {
			i--
		}
	case strings.IndexByte("=<>&|:.?@+*-", c) >= 0:
		for i > 0 && strings.IndexByte("=<>&|:.?@+*-", line[i-1]) >= 0 {
			i--
		}
	default:
		i--
	}
	return i + 1
}

func checkChunk(t *testing.T, file, src string, opts syntax.CheckOptions, want []wantErr) {
	t.Helper()
	f, err := syntax.Parse(file, []byte(src))
	if err == nil {
		_, err = syntax.Check(f, opts)
	}
	var got syntax.ErrorList
	if err != nil {
		require.True(t, errors.As(err, &got), "error without position: %v", err)
	}
	used := make([]bool, len(got))
	for _, w := range want {
		found := false
		for i, e := range got {
			if !used[i] && e.Pos.Line == w.line && e.Pos.Column == w.col && w.rx.MatchString(e.Msg) {
				used[i], found = true, true
				break
			}
		}
		if !found {
			t.Errorf("%s:%d:%d: missing error matching %q; got:\n%v", file, w.line, w.col, w.rx, err)
		}
	}
	for i, e := range got {
		if !used[i] {
			t.Errorf("unexpected error %v", e)
		}
	}
}

// TestCheckCorpus checks every corpus file with the default options and
// with SC.
func TestCheckCorpus(t *testing.T) {
	dir, err := corpus.Dir()
	require.NoError(t, err, "the shared corpus is required")
	files, err := corpus.Files(dir)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 60)
	for _, name := range files {
		src, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		f, err := syntax.Parse(name, src)
		require.NoError(t, err)
		weak := strings.HasPrefix(name, "cubicle-w")
		m, err := syntax.Check(f, syntax.CheckOptions{})
		require.NoError(t, err, name)
		require.Equal(t, weak, m.Weak, "%s: Model.Weak", name)
		m, err = syntax.Check(f, syntax.CheckOptions{SC: true})
		require.NoError(t, err, name)
		require.False(t, m.Weak, name)
	}
}
