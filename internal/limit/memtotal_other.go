//go:build !linux

package limit

// memTotal is unknown (0) where there is no sysinfo(2).
func memTotal() uint64 { return 0 }
