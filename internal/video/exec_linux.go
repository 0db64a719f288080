package video

import (
	"os/exec"
	"syscall"
)

// dieWithParent asks the kernel to kill ffmpeg when the server dies (kill
// -9 included), so that no orphan transcode runs on after a restart.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
