# Turns BenchmarkCorpus lines of `go test -bench` into a Markdown table:
# file, nodes (ours / original), solver calls, seconds (ours / original),
# and the speed-up (original time / ours).
BEGIN {
	print "| file | nodes | original nodes | solver calls | seconds | original seconds | speed-up |"
	print "|---|---:|---:|---:|---:|---:|---:|"
}
/^BenchmarkCorpus\// {
	name = $1
	sub(/^BenchmarkCorpus\//, "", name)
	sub(/-[0-9]+$/, "", name)
	for (i = 3; i < NF; i += 2) v[$(i + 1)] = $i
	printf "| %s | %d | %d | %d | %.3f | %.3f | %.1f× |\n", name, v["nodes"], v["orig-nodes"], v["calls"], v["ns/op"] / 1e9, v["orig-s"], v["speedup"]
}
