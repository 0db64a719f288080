package benchserver

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// RSS is the server's resident memory now (VmRSS), in bytes.
func (s *Server) RSS() int64 { return procStatus(s.Pid(), "VmRSS") }

// CPU is the server's user+system CPU time so far, a figure less at the
// mercy of a busy machine than wall time.
func (s *Server) CPU() time.Duration { return CPUOf(s.Pid()) }

// CPUOf is the user+system CPU time so far of process pid (os.Getpid():
// the bench program itself, and a proxy it runs).
func CPUOf(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	return statCPU(b)
}

// WatchPeak clears the server's peak memory mark (VmHWM, by writing 5 to
// /proc/PID/clear_refs) and samples VmRSS every interval until the stop it
// returns is called. stop answers the peak resident memory since, in
// bytes: the higher of the samples and VmHWM, which also holds a peak that
// fell between two samples.
func (s *Server) WatchPeak(every time.Duration) (stop func() int64) {
	os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", s.Pid()), []byte("5"), 0)
	var peak atomic.Int64
	quit, sampled := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(sampled)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			peak.Store(max(peak.Load(), s.RSS()))
			select {
			case <-quit:
				return
			case <-t.C:
			}
		}
	}()
	return func() int64 {
		close(quit)
		<-sampled
		return max(peak.Load(), procStatus(s.Pid(), "VmHWM"))
	}
}

// procStatus reads a field in kB (VmRSS, VmHWM) of /proc/PID/status, in
// bytes; 0 when it cannot.
func procStatus(pid int, field string) int64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), field+":"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// statCPU is utime+stime of a /proc/PID/stat line, in clock ticks of
// 10 ms. The fields are counted after the command name, which stands in
// parentheses and may hold spaces and parentheses itself: utime and stime
// are fields 14 and 15 of the line, 12 and 13 after the name.
func statCPU(stat []byte) time.Duration {
	fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	if len(fields) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(fields[11], 10, 64)
	stime, _ := strconv.ParseInt(fields[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond
}
