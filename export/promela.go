package export

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/cubew/cubew/syntax"
)

// Promela writes the instance of m that opts describes as a Promela model
// for SPIN (package doc, docs/compare.md). Constructs the exports do not
// support (real values, invariants) are reported as a syntax.ErrorList.
func Promela(w io.Writer, m *syntax.Model, opts Options) error {
	if opts.Model != nil && opts.Model.Buffered() && opts.MaxBuffer == 0 && m.Weak {
		return fmt.Errorf("export: a Promela model under %s needs a store buffer capacity (--max-buffer)", opts.Model.Name())
	}
	pw := &promela{opts: opts}
	lo, err := lowerModel(m, opts, func(in *instance) *target {
		pw.in = in
		return &target{read: pw.read, fence: func(q int) string { return fmt.Sprintf("(blen[%d] == 0)", q-1) }, ite: promelaIte}
	})
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	pw.w = bw
	lo.defines(bw, opts.header(lo.in, "promela", opts.bounds()),
		" * Check with: spin -a FILE && cc -O2 -DSAFETY -DVECTORSZ=65536 -o pan pan.c && ./pan -E -m1000000\n")
	pw.declarations(lo.gs)
	pw.initProcess(lo.init)
	for q := 0; q <= lo.in.n; q++ {
		pw.process(q, lo.gs)
	}
	pw.printf("/* The unsafe items: asserted false in every reachable state. */\n")
	pw.printf("active proctype monitor() {\nend:\tatomic { started && %s -> assert(false) }\n}\n", lo.unsafe)
	return bw.Flush()
}

// counter is the Promela type of a counter that reaches at most n.
func counter(n int) string {
	if n < 255 {
		return "byte"
	}
	return "int"
}

// promelaIte is Promela's conditional expression.
func promelaIte(c, a, b string) string { return "(" + c + " -> " + a + " : " + b + ")" }

// promela writes one Promela model.
type promela struct {
	in   *instance
	opts Options
	w    *bufio.Writer
}

func (pw *promela) printf(format string, args ...any) { fmt.Fprintf(pw.w, format, args...) }

// capacity is the number of entries of one process's buffer arrays.
func (pw *promela) capacity() int {
	if pw.in.perLocation {
		weak := 0
		for _, l := range pw.in.locs {
			if l.sym.weak {
				weak++
			}
		}
		return pw.opts.MaxBuffer * weak
	}
	return pw.opts.MaxBuffer
}

// read is the value q reads at l: its newest pending write, else memory.
func (pw *promela) read(q, l int) string {
	if q > 0 && pw.in.locs[l].sym.weak {
		return fmt.Sprintf("rd(%d, L_%s)", q-1, pw.in.locs[l].ident)
	}
	return "mem[L_" + pw.in.locs[l].ident + "]"
}

func (pw *promela) declarations(gs []*grounded) {
	in := pw.in
	pw.printf("\nint mem[NLOC];\nbool started;\n")
	if in.buffered {
		pw.printf("\n/* Store buffers: process b's pending writes are entries b*CAP .. b*CAP+blen[b]-1,\n")
		pw.printf("   oldest first (location, value, last write of its group); pend and own count\n")
		pw.printf("   b's pending writes per location and hold the newest one. */\n")
		pw.printf("#define CAP %d\n#define BUFMAX %d\n", pw.capacity(), pw.opts.MaxBuffer)
		c := counter(pw.capacity())
		pw.printf("%s blen[N];\nshort bl[N*CAP];\nint bv[N*CAP];\nbit be[N*CAP];\n%s pend[N*NLOC];\nint own[N*NLOC];\n", c, c)
		pw.printf("hidden int cw_i, cw_j, cw_n, cw_ok;\n")
		pw.printf("#define rd(b, l) (pend[(b)*NLOC+(l)] > 0 -> own[(b)*NLOC+(l)] : mem[l])\n")
		pw.printf("%s", promelaBufferInlines)
		if in.perLocation {
			pw.printf("%s", promelaPSOFlush)
		} else {
			pw.printf("%s", promelaTSOFlush)
		}
	}
	if pw.opts.MaxSteps > 0 {
		pw.printf("%s steps[N+1];\n", counter(pw.opts.MaxSteps))
	}
	temps := 0
	for _, g := range gs {
		temps = max(temps, 2*len(g.writes)+1)
	}
	pw.printf("hidden int cw_t[%d];\n\n", max(temps, 1))
}

// initProcess picks every initial state: one candidate per location, each
// conjunct of init checked as soon as the locations it reads have values.
func (pw *promela) initProcess(init []conjunct) {
	pw.printf("/* The initial states: every choice of values that satisfies init. */\ninit {\n\tatomic {\n")
	pw.initChecks(init, -1)
	for l, loc := range pw.in.locs {
		vs := pw.in.initial[l]
		if len(vs) == 1 {
			pw.printf("\t\tmem[L_%s] = %d;\n", loc.ident, vs[0])
		} else {
			pw.printf("\t\tif")
			for _, v := range vs {
				pw.printf(" :: mem[L_%s] = %d", loc.ident, v)
			}
			pw.printf(" fi;\n")
		}
		pw.initChecks(init, l)
	}
	pw.printf("\t\tstarted = 1\n\t}\n}\n\n")
}

// initChecks blocks the init process (no initial state) unless the
// conjuncts whose last location is l hold.
func (pw *promela) initChecks(init []conjunct, l int) {
	cond := "1"
	for _, c := range init {
		if c.last == l {
			cond = and(cond, c.expr)
		}
	}
	if cond != "1" {
		pw.printf("\t\t%s;\n", paren(cond))
	}
}

// process writes the loop of process q (q = 0: the parameterless
// transitions) with its transition instances and flushes.
func (pw *promela) process(q int, gs []*grounded) {
	var mine []*grounded
	choices := 0
	for _, g := range gs {
		if g.slot == q {
			mine = append(mine, g)
			choices = max(choices, len(g.choices))
		}
	}
	flush := q > 0 && pw.in.buffered
	if len(mine) == 0 && !flush {
		return
	}
	name := fmt.Sprintf("P%d", q)
	if q == 0 {
		name = "Global"
	}
	pw.printf("active proctype %s() {\n", name)
	for k := range choices {
		pw.printf("\tint n%d;\n", k)
	}
	if flush && pw.in.perLocation {
		pw.printf("\t%s fk;\n", counter(pw.capacity()))
	}
	pw.printf("\tstarted;\nend:\tdo\n")
	for _, g := range mine {
		pw.transition(g)
	}
	if flush {
		b := q - 1
		if pw.in.perLocation {
			pw.printf("\t:: atomic { blen[%d] > 0 -> fk = 0; do :: fk + 1 < blen[%d] -> fk++ :: break od; d_step { flush_pso(%d, fk); fk = 0 } } /* flush */\n", b, b, b)
		} else {
			pw.printf("\t:: d_step { blen[%d] > 0 -> flush_tso(%d) } /* flush */\n", b, b)
		}
	}
	pw.printf("\tod\n}\n\n")
}

// transition writes the option of one transition instance.
func (pw *promela) transition(g *grounded) {
	in := pw.in
	b := g.actor - 1
	buffered := func(w write) bool { return in.locs[w.loc].sym.weak && !g.locked }
	var conds []string
	if pw.opts.MaxSteps > 0 {
		conds = append(conds, fmt.Sprintf("steps[%d] < %d", g.slot, pw.opts.MaxSteps))
	}
	if g.fence || g.locked && in.buffered && !in.perLocation {
		conds = append(conds, fmt.Sprintf("blen[%d] == 0", b))
	}
	var size []string
	for _, w := range g.writes {
		if !in.locs[w.loc].sym.weak {
			continue
		}
		pend := fmt.Sprintf("pend[%d*NLOC+L_%s]", b, in.locs[w.loc].ident)
		switch {
		case g.locked && in.perLocation:
			conds = append(conds, or(not(w.cond), pend+" == 0"))
		case g.locked:
		case in.perLocation:
			conds = append(conds, or(not(w.cond), pend+" < BUFMAX"))
		default:
			size = append(size, foldIte(w.cond, "1", "0", promelaIte))
		}
	}
	if len(size) > 0 {
		conds = append(conds, fmt.Sprintf("blen[%d] + %s <= CAP", b, strings.Join(size, " + ")))
	}
	conds = append(conds, g.guard)
	guard := "1"
	for _, c := range conds {
		guard = and(guard, c)
	}
	var body []string
	// Every condition and value is read in the old state.
	for k, w := range g.writes {
		if w.cond != "1" {
			body = append(body, fmt.Sprintf("cw_t[%d] = %s", 2*k, w.cond))
		}
		if w.choice < 0 {
			body = append(body, fmt.Sprintf("cw_t[%d] = %s", 2*k+1, w.value))
		}
	}
	group := false
	start := len(body)
	for k, w := range g.writes {
		val := fmt.Sprintf("cw_t[%d]", 2*k+1)
		if w.choice >= 0 {
			val = fmt.Sprintf("n%d", w.choice)
		}
		ident := in.locs[w.loc].ident
		do := fmt.Sprintf("mem[L_%s] = %s", ident, val)
		if buffered(w) {
			do = fmt.Sprintf("bufwrite(%d, L_%s, %s)", b, ident, val)
			group = true
		}
		if w.cond != "1" {
			do = fmt.Sprintf("if :: cw_t[%d] -> %s :: else -> skip fi", 2*k, do)
		}
		body = append(body, do)
	}
	if group {
		body = slices.Insert(body, start, fmt.Sprintf("cw_t[%d] = blen[%d]", 2*len(g.writes), b))
		body = append(body, fmt.Sprintf("if :: blen[%d] > cw_t[%d] -> be[%d*CAP+blen[%d]-1] = 1 :: else -> skip fi", b, 2*len(g.writes), b, b))
	}
	if pw.opts.MaxSteps > 0 {
		body = append(body, fmt.Sprintf("steps[%d]++", g.slot))
	}
	for k := range g.choices {
		body = append(body, fmt.Sprintf("n%d = 0", k))
	}
	if len(body) == 0 {
		body = append(body, "skip")
	}
	pw.printf("\t/* %s */\n", instanceName(g))
	if len(g.choices) == 0 {
		pw.printf("\t:: d_step { %s ->\n\t\t%s }\n", guard, strings.Join(body, ";\n\t\t"))
		return
	}
	pw.printf("\t:: atomic { %s ->\n", guard)
	for k, dom := range g.choices {
		pw.printf("\t\tif")
		for _, v := range dom {
			pw.printf(" :: n%d = %d", k, v)
		}
		pw.printf(" fi;\n")
	}
	pw.printf("\t\td_step { %s } }\n", strings.Join(body, ";\n\t\t\t"))
}

// instanceName prints t(#1,#2) with the transition's position.
func instanceName(g *grounded) string {
	ps := make([]string, len(g.procs))
	for i, q := range g.procs {
		ps[i] = fmt.Sprintf("#%d", q)
	}
	return fmt.Sprintf("%s(%s) at line %d", g.t.Name, strings.Join(ps, ","), g.t.Pos.Line)
}

// promelaBufferInlines appends a write to a buffer.
const promelaBufferInlines = `
inline bufwrite(b, l, v) {
	bl[b*CAP+blen[b]] = l; bv[b*CAP+blen[b]] = v; be[b*CAP+blen[b]] = 0;
	blen[b]++; pend[b*NLOC+l]++; own[b*NLOC+l] = v
}

/* flush_entry moves entry cw_i of buffer b to memory. */
inline flush_entry(b) {
	mem[bl[b*CAP+cw_i]] = bv[b*CAP+cw_i];
	pend[b*NLOC+bl[b*CAP+cw_i]]--;
	if :: pend[b*NLOC+bl[b*CAP+cw_i]] == 0 -> own[b*NLOC+bl[b*CAP+cw_i]] = 0 :: else -> skip fi
}

/* drop removes the cw_n entries of buffer b that start at entry cw_i. */
inline drop(b) {
	cw_j = cw_i;
	do
	:: cw_j + cw_n < blen[b] -> bl[b*CAP+cw_j] = bl[b*CAP+cw_j+cw_n]; bv[b*CAP+cw_j] = bv[b*CAP+cw_j+cw_n]; be[b*CAP+cw_j] = be[b*CAP+cw_j+cw_n]; cw_j++
	:: else -> break
	od;
	do
	:: cw_j < blen[b] -> bl[b*CAP+cw_j] = 0; bv[b*CAP+cw_j] = 0; be[b*CAP+cw_j] = 0; cw_j++
	:: else -> break
	od;
	blen[b] = blen[b] - cw_n
}
`

// promelaTSOFlush moves the oldest group of a buffer to memory.
const promelaTSOFlush = `
inline flush_tso(b) {
	cw_i = 0;
	do
	:: flush_entry(b); cw_i++; if :: be[b*CAP+cw_i-1] -> break :: else -> skip fi
	od;
	cw_n = cw_i; cw_i = 0; drop(b)
}

`

// promelaPSOFlush moves the group that starts at entry k to memory when
// none of its writes has an older pending write of the same location;
// otherwise it does nothing.
const promelaPSOFlush = `
inline flush_pso(b, k) {
	cw_ok = (k == 0 || be[b*CAP+k-1]);
	cw_i = k;
	do
	:: cw_ok -> cw_j = 0;
		do
		:: cw_j < k -> if :: bl[b*CAP+cw_j] == bl[b*CAP+cw_i] -> cw_ok = 0 :: else -> skip fi; cw_j++
		:: else -> break
		od;
		if :: be[b*CAP+cw_i] -> break :: else -> cw_i++ fi
	:: else -> break
	od;
	if
	:: cw_ok ->
		cw_i = k;
		do
		:: flush_entry(b); cw_i++; if :: be[b*CAP+cw_i-1] -> break :: else -> skip fi
		od;
		cw_n = cw_i - k; cw_i = k; drop(b)
	:: else -> skip
	fi
}

`
