package main

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// A request in flight when SIGTERM arrives is answered before serve exits.
func TestShutdownLetsInFlightRequestsFinish(t *testing.T) {
	t.Parallel()
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan result, 1)
	go func() { done <- runCmd(t, ctx, env(), "", "serve", "--addr", addr, "--data", t.TempDir()) }()
	for i := 0; ; i++ {
		if res, err := http.Get("http://" + addr + "/healthz"); err == nil {
			res.Body.Close()
			break
		}
		if i > 1000 {
			t.Fatal("server never answered")
		}
		time.Sleep(10 * time.Millisecond)
	}

	// Send the headers and half the body, then ask the server to stop.
	body := `{"username":"a@b.no","password":"secret1"}`
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /api/login HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", addr, len(body), body[:10])
	time.Sleep(100 * time.Millisecond)
	cancel()
	time.Sleep(200 * time.Millisecond)
	select {
	case r := <-done:
		t.Fatalf("serve exited with a request in flight: %+v", r)
	default:
	}

	fmt.Fprint(conn, body[10:])
	status, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil || !strings.Contains(status, "401") {
		t.Fatalf("in-flight request got %q, %v", status, err)
	}
	select {
	case r := <-done:
		if r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not exit after the last request")
	}
}
