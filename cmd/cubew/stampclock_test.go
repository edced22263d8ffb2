package main

import "testing"

// TestStampClockCrosscheck: the clock stamps of decide's
// testdata/stamp_clock.cub, which the plain search never closes, are SAFE
// with the default options (50 exact nodes, its oracle being cheap, then
// the candidate `Now <
// Stamp[#1] && S[#1] = Marked` that weakening `Stamp[#1] = Now + Step`
// under `0 < Step` gives), and the bounded engine agrees at n = 2 and 3.
func TestStampClockCrosscheck(t *testing.T) {
	requireCrosscheckAgrees(t, "../../decide/testdata/stamp_clock.cub", "1000", "100000",
		`stamp_clock.cub +sc +check +SAFE +51 nodes`,
		`stamp_clock.cub +sc +n=2 k=6 +SAFE +108 states`,
		`stamp_clock.cub +sc +n=3 k=6 +SAFE +722 states`)
}
