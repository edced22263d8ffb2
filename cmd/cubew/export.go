package main

import (
	"bytes"
	"os"
	"path/filepath"

	"github.com/cubew/cubew/export"
	"github.com/spf13/cobra"
)

type exportOpts struct {
	to        exportTarget
	n         int
	model     modelFlag
	steps     int
	maxBuffer int
	rounds    int
	output    string
}

// exportTarget is --to: promela or c.
type exportTarget string

func (f *exportTarget) String() string { return string(*f) }
func (f *exportTarget) Type() string   { return "language" }
func (f *exportTarget) Set(s string) error {
	return setEnum((*string)(f), s, "language", "promela", "c")
}

func newExportCmd() *cobra.Command {
	o := exportOpts{to: "promela", maxBuffer: defaultMaxBuffer, rounds: 1}
	cmd := &cobra.Command{
		Use:   "export FILE -n N --to promela|c",
		Short: "Write a bounded instance as a Promela model (SPIN) or a C11 program (GenMC, Nidhugg)",
		Long: `Write the instance of a model with N processes as a program for another
model checker, so that its verdict can be compared with cubew bounded at the
same bound and memory model (docs/compare.md).

--to promela writes a Promela model for SPIN: explicit store buffers per
process under tso and pso (--max-buffer writes each, per location under pso),
every transition instance an atomic step, the unsafe items an assertion
checked in every reachable state. --steps bounds the transitions per process
as cubew bounded does (0: none).

--to c writes a C11 program with one pthread per process, each attempting
--rounds transitions: weak variables are _Atomic with relaxed accesses, a
guard is __VERIFIER_assume, fence() a seq_cst fence, the unsafe items an
assert after every round. It compiles natively (cc -std=c11 -pthread) and
under GenMC or Nidhugg.

Invariant items become unsafe items: check proves them, so the peer looks
for their violations (as crosscheck does). Models with real values are not
exported (exit status 2).`,
		Example: `  cubew export --to promela -n 2 examples/litmus/sb.cub > sb.pml
  spin -a sb.pml && cc -O2 -DSAFETY -DVECTORSZ=65536 -o pan pan.c && ./pan -E -m1000000
  cubew export --to c -n 2 --rounds 3 --model pso examples/litmus/mp.cub -o mp.c`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			src, err := o.export(args[0])
			if err != nil {
				reportInputError(cmd.ErrOrStderr(), err)
				return silentCode(exitBadInput)
			}
			if o.output == "" {
				_, err = cmd.OutOrStdout().Write(src)
				return err
			}
			return os.WriteFile(o.output, src, 0o644)
		},
	}
	f := cmd.Flags()
	f.Var(&o.to, "to", "output language: promela or c")
	f.IntVarP(&o.n, "procs", "n", 0, "number of processes of the instance (required)")
	f.Var(&o.model, "model", "memory model: sc, tso or pso (default: tso if the model declares weak variables, else sc)")
	f.IntVar(&o.steps, "steps", 0, "at most `K` transitions per process (0: no bound)")
	f.IntVar(&o.maxBuffer, "max-buffer", o.maxBuffer, "promela: at most `N` pending writes per store buffer (per location under pso)")
	f.IntVar(&o.rounds, "rounds", o.rounds, "c: transitions each thread attempts")
	f.StringVarP(&o.output, "output", "o", "", "write to `FILE` instead of stdout")
	_ = cmd.MarkFlagRequired("procs")
	registerEnumCompletions(cmd)
	return cmd
}

// export loads path and writes its instance in the chosen language.
func (o *exportOpts) export(path string) ([]byte, error) {
	m, _, mm, err := loadModel(path, o.model)
	if err != nil {
		return nil, err
	}
	// Check proves invariant items: the peers look for their violations.
	m = m.InvariantsAsUnsafe()
	opts := export.Options{N: o.n, Model: mm, MaxSteps: o.steps, MaxBuffer: o.maxBuffer,
		Rounds: o.rounds, Version: version(), Source: filepath.Base(path)}
	var buf bytes.Buffer
	if o.to == "c" {
		err = export.C(&buf, m, opts)
	} else {
		err = export.Promela(&buf, m, opts)
	}
	return buf.Bytes(), err
}
