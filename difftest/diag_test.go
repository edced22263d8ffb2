package difftest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cubew/cubew/internal/corpus"
)

func TestDiagCorpus(t *testing.T) {
	dir, _ := corpus.Dir()
	files, _ := corpus.Files(dir)
	for _, f := range files {
		cases, rej, err := MutantCases(filepath.Join(dir, f), f)
		if err != nil {
			fmt.Fprintln(os.Stderr, f, err)
			continue
		}
		if len(cases) == 0 {
			continue
		}
		start := time.Now()
		o := Run(context.Background(), cases[0], MutantBudget)
		fmt.Fprintf(os.Stderr, "%s cases=%d rej=%d first: %s %.2fs reach=%d nodes\n", f, len(cases), rej, o.Class, time.Since(start).Seconds(), func() int {
			if o.Reach != nil {
				return o.Reach.Stats.Nodes
			}
			return -1
		}())
	}
}
