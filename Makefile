# cubew — see README.md. `make run` and `make test` work on a fresh machine.
GO      ?= go
CORPUS  ?= ../shared/corpus
FUZZTIME ?= 5m

.PHONY: all build run test bench fuzz deps vet

all: build

# deps installs what cgo and the pictures need when missing: Debian's
# libz3-dev (Z3's C library, linked by smt/z3), graphviz (dot, which
# renders `cubew check --trace-svg`) and cvc5 (the second prover that the
# certify tests re-check SAFE certificates with), spin and gcc (the export
# tests run SPIN on exported models and compile the exported C).
deps:
	@missing=; \
	[ -f /usr/include/z3.h ] || missing="$$missing libz3-dev"; \
	command -v dot >/dev/null 2>&1 || missing="$$missing graphviz"; \
	command -v cvc5 >/dev/null 2>&1 || missing="$$missing cvc5"; \
	command -v spin >/dev/null 2>&1 || missing="$$missing spin"; \
	command -v cc >/dev/null 2>&1 || missing="$$missing gcc"; \
	if [ -n "$$missing" ]; then \
		echo "installing$$missing"; \
		SUDO=; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi

build: deps
	$(GO) build -o bin/cubew ./cmd/cubew

# run checks the bundled examples and prints a verdict table. Some examples
# are broken on purpose, so exit status 1 (some UNSAFE) is the expected one.
# It then draws the counterexample of a broken example (flag_mutex under
# TSO: store buffering lets both processes enter) as an execution graph.
run: build
	./bin/cubew check examples/*.cub; status=$$?; [ $$status -eq 0 ] || [ $$status -eq 1 ]
	@./bin/cubew check --trace-svg bin/flag_mutex.svg examples/flag_mutex.cub >/dev/null; [ $$? -eq 1 ]
	@echo "counterexample of examples/flag_mutex.cub drawn in $(CURDIR)/bin/flag_mutex.svg"

# test runs every package's tests; -timeout 30m instead of go test's 10 minutes per
# package, because difftest took 594 s at load 15-17 on 2 cores.
test: deps
	$(GO) mod tidy -diff
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 30m ./...

# bench runs every benchmark (BenchmarkPhase in reach: one per phase),
# then the corpus searches and the whole cubew process on the small files
# again as tables against the original's figures in expected.tsv (see
# scripts/bench-table.awk), written to bin/bench-corpus.md.
bench: deps
	$(GO) test -run='^$$' -bench=. -benchmem ./...
	@mkdir -p bin
	$(GO) test -run='^$$' -bench=BenchmarkCorpus -benchtime=3x ./reach | tee bin/bench-corpus.txt
	$(GO) test -run='^$$' -bench='BenchmarkBinary|BenchmarkStartup' -benchtime=21x ./cmd/cubew | tee -a bin/bench-corpus.txt
	awk -f scripts/bench-table.awk $(CORPUS)/expected.tsv bin/bench-corpus.txt > bin/bench-corpus.md
	@cat bin/bench-corpus.md

# fuzz runs the parser fuzzer, then the differential tester (a random
# model per input, reach against the explicit oracle; package difftest).
fuzz:
	$(GO) test ./syntax -run='^$$' -fuzz=FuzzParse -fuzztime=$(FUZZTIME)
	$(GO) test ./difftest -run='^$$' -fuzz=FuzzDifferential -fuzztime=$(FUZZTIME)
