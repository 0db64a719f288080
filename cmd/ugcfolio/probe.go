package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/config"
)

const probeHelp = `Usage: ugcfolio probe [--timeout D] [URL]

Asks URL (default: /healthz of the serve address, UGCFOLIO_ADDR, on
loopback) and exits 0 when it answers 200, else 1 with one line saying
why: the health check of a container, whose image needs no curl for it.

Flags:
`

// probeCmd is `ugcfolio probe`.
func probeCmd(ctx context.Context, args []string, stderr io.Writer, getenv config.Getenv) error {
	fs := newFlagSet("probe", probeHelp, stderr)
	timeout := fs.Duration("timeout", 3*time.Second, "give up after this long")
	if err := fs.Parse(args); err != nil {
		return parseErr(err)
	}
	if fs.NArg() > 1 {
		return errors.New("probe takes one URL at most")
	}
	target := fs.Arg(0)
	if target == "" {
		var err error
		if target, err = healthzOf(or(getenv("UGCFOLIO_ADDR"), "127.0.0.1:8080")); err != nil {
			return err
		}
	}
	if !strings.HasPrefix(target, "http://") && !strings.HasPrefix(target, "https://") {
		return fmt.Errorf("probe %q: want an http:// or https:// URL", target)
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		return fmt.Errorf("probe %s: %v", target, err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("probe: %v", err)
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("probe %s answered %s", target, resp.Status)
	}
	return nil
}

// healthzOf is the /healthz URL of a serve address: an address that
// listens on every interface is asked on loopback.
func healthzOf(addr string) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("UGCFOLIO_ADDR %q: want HOST:PORT", addr)
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port) + "/healthz", nil
}
