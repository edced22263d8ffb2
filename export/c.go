package export

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/cubew/cubew/syntax"
)

// C writes the instance of m that opts describes as a C11 program with one
// pthread per process (package doc, docs/compare.md). Constructs the
// exports do not support are reported as a syntax.ErrorList.
func C(w io.Writer, m *syntax.Model, opts Options) error {
	if opts.Rounds == 0 {
		opts.Rounds = 1
	}
	lo, err := lowerModel(m, opts, func(in *instance) *target {
		return &target{
			read:  func(_, l int) string { return "LOAD(L_" + in.locs[l].ident + ")" },
			fence: func(int) string { return "1" }, // the fence itself precedes the guard
			ite:   func(c, a, b string) string { return "(" + c + " ? " + a + " : " + b + ")" },
		}
	})
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	cw := &cwriter{in: lo.in, opts: opts, w: bw}
	lo.defines(bw, opts.header(lo.in, "c", fmt.Sprintf("%d rounds per thread", opts.Rounds)), cHowTo)
	cw.prologue(lo.unsafe)
	cw.initState(lo.initAll())
	for q := 1; q <= lo.in.n; q++ {
		cw.thread(q, lo.gs)
	}
	cw.mainFunc()
	return bw.Flush()
}

// cHowTo ends the header comment of a C export.
const cHowTo = ` * Natively: cc -std=c11 -pthread FILE && ./a.out (exit 0: no unsafe state seen;
 * an assertion failure aborts). Under GenMC or Nidhugg define CUBEW_VERIFIER
 * (docs/compare.md).
`

// cwriter writes one C program.
type cwriter struct {
	in   *instance
	opts Options
	w    *bufio.Writer
}

func (cw *cwriter) printf(format string, args ...any) { fmt.Fprintf(cw.w, format, args...) }

func (cw *cwriter) prologue(unsafe string) {
	cw.printf("\n#include <assert.h>\n#include <pthread.h>\n#include <stdatomic.h>\n#include <stdlib.h>\n\n")
	cw.printf("#ifdef CUBEW_VERIFIER\nextern void __VERIFIER_assume(int);\nextern int __VERIFIER_nondet_int(void);\n#define REJECT() __VERIFIER_assume(0)\n")
	cw.printf("#else\n/* Natively a thread's choices come from its own generator, seeded with its\n   process number, and a false guard skips the round. */\n")
	cw.printf("static _Thread_local unsigned seed;\nstatic int __VERIFIER_nondet_int(void) { seed = seed * 1103515245u + 12345u; return (int)(seed >> 16); }\n")
	cw.printf("#define REJECT() continue\n#endif\n\n#define ROUNDS %d\n", cw.opts.Rounds)
	cw.printf("\n/* Every location is atomic and accessed relaxed: weak ones so that a tool\n")
	cw.printf("   explores their store-buffer behaviours, the others (process-local cells\n")
	cw.printf("   under tso and pso, or guarded by the global lock) to keep the program\n   free of data races. */\n")
	cw.printf("static _Atomic int mem[NLOC];\n")
	cw.printf("#define LOAD(l) atomic_load_explicit(&mem[l], memory_order_relaxed)\n")
	cw.printf("#define STORE(l, v) atomic_store_explicit(&mem[l], (v), memory_order_relaxed)\n")
	cw.printf("/* Locked transitions (and every transition of an SC model) run under one lock. */\n")
	cw.printf("static pthread_mutex_t big = PTHREAD_MUTEX_INITIALIZER;\n")
	cw.printf("#define LOCK() (pthread_mutex_lock(&big), atomic_thread_fence(memory_order_seq_cst))\n")
	cw.printf("#define UNLOCK() (atomic_thread_fence(memory_order_seq_cst), pthread_mutex_unlock(&big))\n\n")
	cw.printf("/* The unsafe items, read now by the calling thread. */\nstatic int unsafe_state(void) { return %s; }\n\n", unsafe)
}

// initState picks one initial state: the first candidate values that
// satisfy init (natively) or any of them (under a verifier).
func (cw *cwriter) initState(init string) {
	cw.printf("/* One initial state: a choice of values that satisfies init. */\nstatic void init_state(void) {\n")
	for l, loc := range cw.in.locs {
		vs := cw.in.initial[l]
		if len(vs) == 1 {
			cw.printf("\tSTORE(L_%s, %d);\n", loc.ident, vs[0])
			continue
		}
		cw.printf("\t{\n\t\tstatic const int vs[] = {%s};\n", joinInts(vs))
		cw.printf("\t\tint k = __VERIFIER_nondet_int();\n\t\tSTORE(L_%s, vs[(unsigned)k %% %d]);\n\t}\n", loc.ident, len(vs))
	}
	cw.printf("}\n\nstatic int init_holds(void) { return %s; }\n\n", init)
}

// thread writes the function of process q.
func (cw *cwriter) thread(q int, gs []*grounded) {
	var mine []*grounded
	for _, g := range gs {
		if g.slot == q || q == 1 && g.slot == 0 {
			mine = append(mine, g)
		}
	}
	cw.printf("static void *proc%d(void *arg) {\n\t(void)arg;\n", q)
	cw.printf("#ifndef CUBEW_VERIFIER\n\tseed = %d;\n#endif\n", q)
	cw.printf("\tfor (int round = 0; round < ROUNDS; round++) {\n")
	cw.printf("\t\tswitch ((unsigned)__VERIFIER_nondet_int() %% %d) {\n", max(len(mine), 1))
	for k, g := range mine {
		cw.printf("\t\tcase %d: { /* %s */\n", k, instanceName(g))
		cw.transition(g)
		cw.printf("\t\t\tbreak;\n\t\t}\n")
	}
	cw.printf("\t\tdefault:\n\t\t\tREJECT();\n\t\t}\n\t\tassert(!unsafe_state());\n\t}\n\treturn 0;\n}\n\n")
}

// transition writes the body of one transition instance.
func (cw *cwriter) transition(g *grounded) {
	locked := g.locked || !cw.in.buffered
	unlock := ""
	if locked {
		cw.printf("\t\t\tLOCK();\n")
		unlock = "UNLOCK(); "
	}
	if g.fence {
		cw.printf("\t\t\tatomic_thread_fence(memory_order_seq_cst);\n")
	}
	cw.printf("\t\t\tif (!%s) { %sREJECT(); }\n", paren(g.guard), unlock)
	for k, dom := range g.choices {
		cw.printf("\t\t\tstatic const int d%d[] = {%s};\n", k, joinInts(dom))
		cw.printf("\t\t\tint n%d = d%d[(unsigned)__VERIFIER_nondet_int() %% %d];\n", k, k, len(dom))
	}
	// Every condition and value is read before the first write.
	for k, w := range g.writes {
		if w.cond != "1" {
			cw.printf("\t\t\tint c%d = %s;\n", k, w.cond)
		}
		if w.choice < 0 {
			cw.printf("\t\t\tint v%d = %s;\n", k, w.value)
		}
	}
	for k, w := range g.writes {
		val := fmt.Sprintf("v%d", k)
		if w.choice >= 0 {
			val = fmt.Sprintf("n%d", w.choice)
		}
		cond := ""
		if w.cond != "1" {
			cond = fmt.Sprintf("if (c%d) ", k)
		}
		cw.printf("\t\t\t%sSTORE(L_%s, %s);\n", cond, cw.in.locs[w.loc].ident, val)
	}
	if locked {
		cw.printf("\t\t\tUNLOCK();\n")
	}
}

func (cw *cwriter) mainFunc() {
	cw.printf("int main(void) {\n\tinit_state();\n\tif (!init_holds())\n\t\treturn 0; /* not an initial state */\n")
	cw.printf("\tassert(!unsafe_state());\n\tpthread_t th[N];\n")
	for q := 1; q <= cw.in.n; q++ {
		cw.printf("\tpthread_create(&th[%d], 0, proc%d, 0);\n", q-1, q)
	}
	cw.printf("\tfor (int q = 0; q < N; q++)\n\t\tpthread_join(th[q], 0);\n\tassert(!unsafe_state());\n\treturn 0;\n}\n")
}

func joinInts(vs []int64) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = fmt.Sprint(v)
	}
	return strings.Join(parts, ", ")
}
