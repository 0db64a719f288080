package images

import (
	"os/exec"
	"syscall"
)

// dieWithParent asks the kernel to kill the HEIC decoder when the server
// dies (kill -9 included), as internal/video does for ffmpeg.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
