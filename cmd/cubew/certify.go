package main

import (
	"fmt"
	"os"
	"time"

	"github.com/cubew/cubew/certify"
	"github.com/cubew/cubew/internal/limit"
	"github.com/spf13/cobra"
)

func newCertifyCmd() *cobra.Command {
	var rlimit, jobs int
	var cvc5 string
	cmd := &cobra.Command{
		Use:   "certify FILE.smt2...",
		Short: "Re-check SAFE certificates (written by check --certificate) with Z3",
		Long: `Run every obligation of each certificate with the Z3 linked into cubew and
print its answer: "unsat (holds)" when the obligation is proved, "sat (fails)"
or "unknown (fails)" otherwise. A certificate with a sat obligation is
REJECTED (the invariant is not what the proof needs); one whose failures
are all unknown is NOT CONFIRMED (the prover gave up or ran out of
--rlimit: no counterexample either way). docs/certificates.md says what a certificate
states and what it assumes; any SMT-LIB 2 prover can re-check one too
(cvc5 --incremental FILE.smt2).

--jobs N runs N cvc5 processes at once (with Z3, whose SMT-LIB front
end is not safe for concurrent use, the scripts are evaluated one at a
time): the obligations are independent, and the answers do not depend
on N.
--cvc5 PATH re-checks with that cvc5 binary instead of Z3 (certify.CVC5With:
processes of whole groups, --jobs at least and about 1,000 obligations
each at most, without E-matching on a weak model's certificate (stated
over events), with it on the others; those left open each alone without
E-matching; those still open each alone with it), --rlimit being
cvc5's --rlimit-per.

With -v, what each attempt answers goes to stderr as soon as it is known.
With Z3, every answer, with Z3's resource units spent on it and the wall
time of the context it ran in: attempt 1 runs each group of obligations
(init, each transition, unsafe) in a context of its own, attempt 2 each
obligation left open alone, attempt 3 each still open alone without
E-matching. With --cvc5, a line per cvc5 process as it ends: its
attempt, its groups (or its one obligation), how many obligations it
answered unsat, sat and neither, and its CPU seconds.

Exit status: 0 every obligation of every certificate holds, 1 some
certificate is rejected, 2 bad input (unreadable file, not a certificate,
SMT-LIB error), 3 some certificate is not confirmed and none rejected.`,
		Example: `  cubew check --certificate peterson.smt2 examples/peterson.cub
  cubew certify peterson.smt2`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			rejected, open := false, false
			for _, path := range args {
				script, err := os.ReadFile(path)
				if err != nil {
					return withCode(exitBadInput, "%v", err)
				}
				opts := certify.Z3Options{Rlimit: rlimit, Jobs: jobs}
				if isVerbose(cmd) {
					opts.Progress = func(s certify.Step) {
						fmt.Fprintf(cmd.ErrOrStderr(), "%s: obligation %s: %s (attempt %d, %d units, context %s)\n",
							path, s.Obligation, s.Answer, s.Attempt, s.Work, s.Context.Round(time.Millisecond))
					}
				}
				var outcomes []certify.Outcome
				if cvc5 != "" {
					copts := certify.CVC5Options{Rlimit: rlimit, Jobs: jobs}
					if isVerbose(cmd) {
						copts.Progress = func(p certify.CVC5Process) { fmt.Fprintf(cmd.ErrOrStderr(), "%s: cvc5 %s\n", path, p) }
					}
					outcomes, err = certify.CVC5With(cmd.Context(), cvc5, os.TempDir(), string(script), copts)
				} else {
					outcomes, err = certify.Z3With(cmd.Context(), string(script), opts)
				}
				if why := limit.Why(cmd.Context()); why != "" {
					return withCode(exitUnknown, "%s: %s: not re-checked", path, why)
				}
				if err != nil {
					return withCode(exitBadInput, "%s: %v", path, err)
				}
				held, sat := 0, 0
				for _, o := range outcomes {
					verdict := "(fails)"
					switch {
					case o.Holds():
						verdict = "(holds)"
						held++
					case o.Answer == "sat":
						sat++
					}
					fmt.Fprintf(out, "%s: obligation %s: %s %s\n", path, o.Obligation, o.Answer, verdict)
				}
				switch {
				case held == len(outcomes):
					fmt.Fprintf(out, "%s: certificate holds: %d obligations unsat\n", path, held)
				case sat > 0:
					rejected = true
					fmt.Fprintf(out, "%s: certificate REJECTED: %d of %d obligations fail (%d sat)\n", path, len(outcomes)-held, len(outcomes), sat)
				default:
					open = true
					fmt.Fprintf(out, "%s: certificate NOT CONFIRMED: %d of %d obligations unknown or unanswered, none sat\n", path, len(outcomes)-held, len(outcomes))
				}
			}
			switch {
			case rejected:
				return silentCode(exitUnsafe)
			case open:
				return silentCode(exitUnknown)
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&rlimit, "rlimit", 0, "resource units per obligation (Z3's rlimit, or cvc5's --rlimit-per with --cvc5; deterministic); 0 for none")
	cmd.Flags().IntVarP(&jobs, "jobs", "j", 1, "cvc5 processes run at once (Z3 evaluates one script at a time)")
	cmd.Flags().StringVar(&cvc5, "cvc5", "", "re-check with this cvc5 binary instead of Z3")
	return cmd
}
