//go:build !linux

package parallel

import "time"

// ThreadCPU is the CPU time the calling thread has used where the system
// gives it (Linux); elsewhere it is 0, so recordings report no busy time.
func ThreadCPU() time.Duration { return 0 }
