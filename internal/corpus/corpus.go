// Package corpus locates the shared model corpus (../shared/corpus beside
// the repository) and its table of expected verdicts, for tests and
// benchmarks. The corpus is read in place, never copied.
package corpus

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Dir returns the corpus folder: $CUBEW_CORPUS when set, else
// ../shared/corpus relative to the module root found from the working
// directory.
func Dir() (string, error) {
	if d := os.Getenv("CUBEW_CORPUS"); d != "" {
		return d, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			c := filepath.Join(filepath.Dir(d), "shared", "corpus")
			if _, err := os.Stat(c); err != nil {
				return "", fmt.Errorf("corpus folder %s: %w", c, err)
			}
			return c, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no go.mod above %s", wd)
		}
	}
}

// Files returns the paths of every .cub file below the corpus folder,
// sorted, relative to the corpus folder.
func Files(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".cub") {
			rel, err := filepath.Rel(dir, path)
			if err != nil {
				return err
			}
			out = append(out, rel)
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// Entry is one row of expected.tsv.
type Entry struct {
	File            string  // relative to the corpus folder
	Model           string  // sc or tso
	Expected        string  // safe, unsafe or ? (no reference verdict)
	Original        string  // the original tool's answer
	OriginalSeconds float64 // its wall time; 0 when it gave no answer (">300")
	OriginalNodes   int
	Note            string
}

// Expected reads expected.tsv from the corpus folder.
func Expected(dir string) ([]Entry, error) {
	f, err := os.Open(filepath.Join(dir, "expected.tsv"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Entry
	sc := bufio.NewScanner(f)
	header := true
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		if header {
			header = false
			continue
		}
		cols := strings.Split(line, "\t")
		for len(cols) < 7 {
			cols = append(cols, "")
		}
		e := Entry{File: cols[0], Model: cols[1], Expected: cols[2], Original: cols[3], Note: cols[6]}
		e.OriginalSeconds, _ = strconv.ParseFloat(cols[4], 64)
		e.OriginalNodes, _ = strconv.Atoi(cols[5])
		out = append(out, e)
	}
	return out, sc.Err()
}
