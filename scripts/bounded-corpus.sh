#!/bin/sh
# bounded-corpus.sh CUBEW [CORPUS [TIMEOUT]]: runs `CUBEW bounded -n 3` (auto
# engine, no steps bound) on every file of CORPUS/expected.tsv under its
# model and prints one tab-separated line per file: file, model, expected
# verdict, verdict, engine, states (explicit) or executions (dpor), and
# the CPU seconds (user+system) of the process. TIMEOUT (default 120s) is
# passed as --timeout so that the table ends; files that cannot run with
# 3 processes (number_procs 2) print their error. Invariant items are
# trusted (--assume-invariants), as expected.tsv's verdicts read them and
# as the corpus loop runs check: several are false at some initial states
# by design (arbiter_v*_N, dekker_2b, peterson_2b, two_phase_i_N).
cubew=${1:?usage: bounded-corpus.sh CUBEW [CORPUS [TIMEOUT]]}
corpus=${2:-../shared/corpus}
timeout=${3:-120s}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'file\tmodel\texpected\tverdict\tengine\tstates\tcpu_s\n'
grep -v '^#' "$corpus/expected.tsv" | tail -n +2 | while IFS="$(printf '\t')" read -r file model expected _; do
	out=$(/usr/bin/time -f '%U %S' -o $tmp/time "$cubew" bounded -n 3 --model "$model" --assume-invariants \
		--timeout "$timeout" --format json "$corpus/$file" 2>$tmp/err)
	cpu=$(tail -n 1 $tmp/time | awk '{printf "%.2f", $1 + $2}')
	if [ "$(echo "$out" | jq '.results | length')" != 1 ]; then
		printf '%s\t%s\t%s\terror\t-\t-\t%s\t%s\n' "$file" "$model" "$expected" "$cpu" "$(tail -n 1 $tmp/err | sed 's/.*: //')"
		continue
	fi
	echo "$out" | jq -r --arg f "$file" --arg m "$model" --arg e "$expected" --arg c "$cpu" \
		'.results[0] | [$f, $m, $e, .verdict, .engine, (if .engine == "dpor" then .executions else .states end), $c] | @tsv'
done
