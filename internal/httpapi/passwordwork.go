package httpapi

import (
	"context"
	"runtime"
	"strconv"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

// passwordWork bounds the password hashes running at once. Each argon2id
// hash takes 19 MiB and tens of milliseconds of a core, so a burst of logins
// or sign-ups from many addresses (the rate limits are per address) would
// otherwise grow memory by 19 MiB per request until the process dies. Past
// the bound requests queue; one that cannot start within wait is told to
// come back (503 with Retry-After).
type passwordWork struct {
	slots chan struct{}
	wait  time.Duration
}

func newPasswordWork() *passwordWork {
	return &passwordWork{slots: make(chan struct{}, max(2, runtime.GOMAXPROCS(0))), wait: 3 * time.Second}
}

// do runs hash once a slot is free.
func (p *passwordWork) do(ctx context.Context, hash func()) error {
	timer := time.NewTimer(p.wait)
	defer timer.Stop()
	select {
	case p.slots <- struct{}{}:
	case <-timer.C:
		return errBusy
	case <-ctx.Done():
		return errBusy // the client has gone; nobody reads the answer
	}
	defer func() { <-p.slots }()
	hash()
	return nil
}

// busyError is a 503: the server is saturated; Retry-After says when to try.
type busyError struct{ retryAfter time.Duration }

var errBusy = &busyError{retryAfter: 2 * time.Second}

func (e *busyError) Error() string { return "The server is busy, please try again in a moment" }

func (e *busyError) retryAfterSeconds() string { return strconv.Itoa(int(e.retryAfter.Seconds())) }

func (e *busyError) asAppErr() *apperr.Error {
	return apperr.New(apperr.CodeUnavailable, "%s", e.Error())
}
