package parallel

import (
	"syscall"
	"time"
	"unsafe"
)

// ThreadCPU is the CPU time the calling thread has used (a goroutine that
// reads it twice measures its own work if it is locked to its thread).
func ThreadCPU() time.Duration {
	const clockThreadCPUTime = 3 // CLOCK_THREAD_CPUTIME_ID
	var ts syscall.Timespec
	syscall.RawSyscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}
