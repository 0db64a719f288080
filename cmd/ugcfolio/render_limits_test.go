package main

import "time"

// serve runs inside this test binary, built with -race, beside other test
// packages on two cores: a first render (the engine loading the app's
// script) can take longer than the shipped 2 s there, and a render that
// runs out of time pauses rendering for a minute. The limit guards against a
// runaway script, not a slow machine, so the tests give it room.
func init() { renderLimits.Time = 30 * time.Second }
