package ratelimit

import (
	"context"
	"errors"
	"testing"
	"time"
)

func allow(l Limiter, key string) error {
	_, err := l.Attempt(context.Background(), key)
	return err
}

func TestRateLimiterBurstThenRetryAfter(t *testing.T) {
	l := NewMemory(Rate{Every: time.Minute, Burst: 10})
	for i := range 10 {
		if err := allow(l, "1.2.3.4"); err != nil {
			t.Fatalf("request %d of the burst refused: %v", i+1, err)
		}
	}
	err := allow(l, "1.2.3.4")
	var limited *Error
	if !errors.As(err, &limited) || limited.RetryAfterSeconds() != "60" {
		t.Fatalf("11th request: %v", err)
	}
	if err := allow(l, "5.6.7.8"); err != nil {
		t.Fatalf("another client refused: %v", err)
	}
	// A refused request does not use up a token: the wait stays one interval.
	allow(l, "1.2.3.4")
	if err := allow(l, "1.2.3.4"); !errors.As(err, &limited) || limited.RetryAfterSeconds() != "60" {
		t.Fatalf("retry after grew: %v", err)
	}
}

func TestRateLimiterRefills(t *testing.T) {
	l := NewMemory(Rate{Every: 20 * time.Millisecond, Burst: 10})
	for range 10 {
		allow(l, "a")
	}
	if allow(l, "a") == nil {
		t.Fatal("not limited")
	}
	time.Sleep(60 * time.Millisecond)
	if err := allow(l, "a"); err != nil {
		t.Fatalf("not refilled: %v", err)
	}
}

// The shipped limits allow a burst of at least 10 (DESIGN.md section 2).
func TestShippedAuthBursts(t *testing.T) {
	l := NewAuth(func(_ string, r Rate) Limiter { return NewMemory(r) })
	for name, rl := range map[string]Limiter{"loginByAddr": l.LoginByAddr, "loginByUser": l.LoginByUser, "register": l.Register, "gate": l.Gate} {
		if burst := rl.(*Memory).Rate().Burst; burst < 10 {
			t.Errorf("%s: burst %d, DESIGN.md asks at least 10", name, burst)
		}
	}
}

func TestPasswordWorkRunsWithinItsBound(t *testing.T) {
	p := NewPasswordSlotsOf(1, 20*time.Millisecond)
	ran := false
	if err := p.Do(context.Background(), func() { ran = true }); err != nil || !ran {
		t.Fatalf("free slot: err %v, ran %v", err, ran)
	}
	// The slot was given back: it can be taken again.
	release := p.Fill()
	if err := p.Do(context.Background(), func() { t.Error("ran without a slot") }); err != ErrBusy {
		t.Fatalf("no slot: err %v, want ErrBusy", err)
	}
	release()
	if err := p.Do(context.Background(), func() {}); err != nil {
		t.Fatalf("released slot: %v", err)
	}
}
