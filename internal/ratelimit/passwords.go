package ratelimit

import (
	"context"
	"runtime"
	"strconv"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

// PasswordSlots bounds the password hashes running at once. Each argon2id
// hash takes 19 MiB and tens of milliseconds of a core, so a burst of logins
// or sign-ups from many addresses (the rate limits are per address) would
// otherwise grow memory by 19 MiB per request until the process dies. Past
// the bound requests queue; one that cannot start within Wait is told to
// come back (ErrBusy: 503 with Retry-After).
type PasswordSlots struct {
	slots chan struct{}
	Wait  time.Duration
}

// NewPasswordSlots allows as many hashes at once as there are cores (at
// least two), each waiting at most three seconds for its slot.
func NewPasswordSlots() *PasswordSlots {
	return NewPasswordSlotsOf(max(2, runtime.GOMAXPROCS(0)), 3*time.Second)
}

// NewPasswordSlotsOf allows n hashes at once, each waiting at most wait.
func NewPasswordSlotsOf(n int, wait time.Duration) *PasswordSlots {
	return &PasswordSlots{slots: make(chan struct{}, n), Wait: wait}
}

// Do runs hash once a slot is free.
func (p *PasswordSlots) Do(ctx context.Context, hash func()) error {
	timer := time.NewTimer(p.Wait)
	defer timer.Stop()
	select {
	case p.slots <- struct{}{}:
	case <-timer.C:
		return ErrBusy
	case <-ctx.Done():
		return ErrBusy // the client has gone; nobody reads the answer
	}
	defer func() { <-p.slots }()
	hash()
	return nil
}

// Fill takes every free slot, as hashes running elsewhere would, until the
// returned function gives them back (tests of a saturated server).
func (p *PasswordSlots) Fill() (release func()) {
	n := 0
	for len(p.slots) < cap(p.slots) {
		p.slots <- struct{}{}
		n++
	}
	return func() {
		for range n {
			<-p.slots
		}
	}
}

// BusyError is a 503: the server is saturated; Retry-After says when to try.
type BusyError struct{ retryAfter time.Duration }

// ErrBusy is the answer of a hash that found no slot in time.
var ErrBusy = &BusyError{retryAfter: 2 * time.Second}

func (e *BusyError) Error() string { return "The server is busy, please try again in a moment" }

// RetryAfterSeconds is the seconds to wait.
func (e *BusyError) RetryAfterSeconds() string { return strconv.Itoa(int(e.retryAfter.Seconds())) }

// AppErr is the answer: the 503 status and message.
func (e *BusyError) AppErr() *apperr.Error {
	return apperr.New(apperr.CodeUnavailable, "%s", e.Error())
}
