# cubew — see README.md. `make run` and `make test` work on a fresh machine.
GO      ?= go
CORPUS  ?= ../shared/corpus
FUZZTIME ?= 5m

.PHONY: all build run test bench fuzz deps vet

all: build

# deps installs the C libraries cgo needs (Debian's libz3-dev) when missing.
deps:
	@if [ ! -f /usr/include/z3.h ]; then \
		echo "installing libz3-dev"; \
		SUDO=; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq libz3-dev >/dev/null; \
	fi

build: deps
	$(GO) build -o bin/cubew ./cmd/cubew

# run checks the bundled examples and prints a verdict table. Some examples
# are broken on purpose, so exit status 1 (some UNSAFE) is the expected one.
run: build
	./bin/cubew check --verify-trace examples/*.cub; status=$$?; [ $$status -eq 0 ] || [ $$status -eq 1 ]

test: deps
	$(GO) vet ./...
	$(GO) test -count=1 ./...

# bench runs every benchmark, then the corpus benchmark again as a table
# (file, nodes, solver calls, seconds, the original tool's seconds and the
# ratio), written to bin/bench-corpus.md.
bench: deps
	$(GO) test -run='^$$' -bench=. -benchmem ./...
	@mkdir -p bin
	$(GO) test -run='^$$' -bench=BenchmarkCorpus -benchtime=3x ./reach | tee bin/bench-corpus.txt | awk -f scripts/bench-table.awk > bin/bench-corpus.md
	@cat bin/bench-corpus.md

fuzz:
	$(GO) test ./syntax -run='^$$' -fuzz=FuzzParse -fuzztime=$(FUZZTIME)
