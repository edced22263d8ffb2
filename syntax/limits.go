package syntax

// MaxProcs is the largest process count, and so the largest process
// constant #n and number_procs, that the checker supports. The engines
// number the processes of a formula with small integers (translate.Proc:
// cube variables below its placeholder ranges, constants as -n), so a
// larger value is an input error here rather than a wrap-around later.
const MaxProcs = 999
