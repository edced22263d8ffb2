# Turns the BenchmarkCorpus and BenchmarkBinary lines of `go test -bench`
# into Markdown tables against the original tool's figures. Run it as
#   awk -f scripts/bench-table.awk CORPUS/expected.tsv bench-output.txt
# expected.tsv gives each file's model and verdict (the benchmarks fail
# on any other verdict). Corpus table: file, model, verdict, nodes (ours /
# original), solver calls (answered without Z3), CPU seconds of the
# search (ours / original's wall seconds) and the ratio original / ours.
# Binary table: the whole `cubew check` process, median CPU and wall time
# per run on each small file (the original under 0.5 s), and how many are
# at least 2× faster than the original. CPU table: BenchmarkBinaryCPU,
# `cubew check -j 1` on the files the original takes 0.5–10 s on. Start-up table:
# BenchmarkStartup's processes (empty Go and cgo programs, cubew
# --version, parse and check of dekker, with and without cgo).
BEGIN { FS = "\t" }
FNR == NR {
	if ($0 !~ /^#/ && $1 != "file") {
		f = $1
		sub(/\.cub$/, "", f)
		model[f] = $2
		verdict[f] = $3
	}
	next
}
{
	FS = " "
	$0 = $0
}
/^BenchmarkStartup/ {
	for (i = 3; i < NF; i += 2) {
		unit = $(i + 1)
		if (sub(/-cpu-ms$/, "", unit)) startCPU[unit] = $i
		else if (sub(/-wall-ms$/, "", unit)) startWall[unit] = $i
	}
}
/^BenchmarkBinaryCPU\// {
	name = $1
	sub(/^BenchmarkBinaryCPU\//, "", name)
	sub(/-[0-9]+$/, "", name)
	delete v
	for (i = 3; i < NF; i += 2) v[$(i + 1)] = $i
	cpuRows[++ncpu] = sprintf("| %s | %s | %s | %.1f | %.1f | %.2f× |", name, model[name], verdict[name],
		v["cpu-ms/op"], v["orig-s"] * 1e3, v["cpu-speedup"])
}
/^Benchmark(Corpus|Binary)\// {
	kind = $1
	sub(/\/.*/, "", kind)
	name = $1
	sub(/^Benchmark(Corpus|Binary)\//, "", name)
	sub(/-[0-9]+$/, "", name)
	delete v
	for (i = 3; i < NF; i += 2) v[$(i + 1)] = $i
	if (kind == "BenchmarkCorpus") {
		corpus[++nc] = sprintf("| %s | %s | %s | %d / %d | %d (%d) | %.4f / %.3f | %.1f× |", name, model[name], verdict[name],
			v["nodes"], v["orig-nodes"], v["calls"], v["builtin"], v["cpu-s"], v["orig-s"], v["speedup"])
	} else {
		fastCPU += v["cpu-speedup"] >= 2
		fastWall += v["speedup"] >= 2
		binary[++nb] = sprintf("| %s | %s | %s | %.1f | %.1f | %.1f | %.2f× | %.2f× |", name, model[name], verdict[name],
			v["cpu-ms/op"], v["wall-ms/op"], v["orig-s"] * 1e3, v["cpu-speedup"], v["speedup"])
	}
}
END {
	if (nc > 0) {
		print "| file | model | verdict | nodes / original | solver calls (without Z3) | CPU s / original s | ratio |"
		print "|---|---|---|---:|---:|---:|---:|"
		for (i = 1; i <= nc; i++) print corpus[i]
	}
	if (nb > 0) {
		if (nc > 0) print ""
		print "| file (cubew check, whole process) | model | verdict | CPU ms (median) | wall ms (median) | original ms | ratio CPU | ratio wall |"
		print "|---|---|---|---:|---:|---:|---:|---:|"
		for (i = 1; i <= nb; i++) print binary[i]
		printf "\n%d of %d small files at ≥ 2× the original in wall time, %d in CPU time\n", fastWall, nb, fastCPU
	}
	if (ncpu > 0) {
		if (nc + nb > 0) print ""
		print "| file (cubew check -j 1, whole process) | model | verdict | CPU ms (median) | original ms | ratio CPU |"
		print "|---|---|---|---:|---:|---:|"
		for (i = 1; i <= ncpu; i++) print cpuRows[i]
	}
	if ("check" in startCPU) {
		if (nc + nb + ncpu > 0) print ""
		print "| process (start-up, cubicle/dekker.cub) | CPU ms (median) | wall ms (median) |"
		print "|---|---:|---:|"
		n = split("go-hello cgo-hello version parse check check-nocgo", names, " ")
		for (i = 1; i <= n; i++) printf "| %s | %.2f | %.2f |\n", names[i], startCPU[names[i]], startWall[names[i]]
	}
}
