//go:build !linux

package images

import "os/exec"

// dieWithParent has no portable equivalent outside Linux: there an orphan
// decoder runs to its end (or its time limit) after the server dies.
func dieWithParent(cmd *exec.Cmd) {}
