package jobs

// A kind's rules: how often and how long its jobs are tried, how many run
// at once, how long to wait between tries, and which errors end the tries.

import "time"

// Options are a kind's rules.
type Options struct {
	MaxAttempts int           // tries before the job fails (default 3)
	Concurrency int           // handlers of this kind running at once in one process (default 1)
	Timeout     time.Duration // time limit of one try, through its context (default 10 minutes)
	Backoff     Backoff       // wait before the next try (default Exponential(30s, 1h))
}

func (o Options) withDefaults() Options {
	if o.MaxAttempts <= 0 {
		o.MaxAttempts = 3
	}
	if o.Concurrency <= 0 {
		o.Concurrency = 1
	}
	if o.Timeout <= 0 {
		o.Timeout = 10 * time.Minute
	}
	if o.Backoff == nil {
		o.Backoff = Exponential(30*time.Second, time.Hour)
	}
	return o
}

// Backoff answers how long to wait after the given failed try (1 for the
// first) before the next one.
type Backoff func(attempt int) time.Duration

// Exponential doubles the wait after each failed try, from base up to max.
func Exponential(base, max time.Duration) Backoff {
	return func(attempt int) time.Duration {
		d := base
		for i := 1; i < attempt; i++ {
			d *= 2
			if d >= max {
				return max
			}
		}
		return min(d, max)
	}
}

// RetryWindow is how long a job of these options keeps being tried after
// its first failure: the sum of the waits between its tries.
func (o Options) RetryWindow() time.Duration {
	o = o.withDefaults()
	var total time.Duration
	for a := 1; a < o.MaxAttempts; a++ {
		total += o.Backoff(a)
	}
	return total
}

// Permanent marks a handler's error as one that another try cannot fix (an
// unreadable file, an address the mail server refuses for good): the job
// fails at once.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return &permanentError{err}
}

type permanentError struct{ err error }

func (e *permanentError) Error() string { return e.err.Error() }
func (e *permanentError) Unwrap() error { return e.err }
