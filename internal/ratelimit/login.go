package ratelimit

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/store"
)

// Auth are the rate limits of the account and gate calls. Each allows a
// burst of at least 10 (DESIGN.md section 2) so a person correcting a typo is
// never blocked; past it the answer is 429 with Retry-After.
type Auth struct {
	LoginByAddr Limiter // failed logins per client address
	LoginByUser Limiter // failed logins per username and client network (UserKey)
	Register    Limiter // registrations (successful or not) per client address
	Gate        Limiter // failed coming-soon attempts per client address
}

// NewAuth makes the shipped limits with limiter, which counts one of them
// (scope names it) at rate r: NewShared's limiters in the database replicas
// share, or NewMemory's in this process.
func NewAuth(limiter func(scope string, r Rate) Limiter) Auth {
	return Auth{
		// A household or office behind one address gets more room than one account.
		LoginByAddr: limiter("login-addr", Rate{Every: 30 * time.Second, Burst: 20}),
		LoginByUser: limiter("login-user", Rate{Every: time.Minute, Burst: 10}),
		Register:    limiter("register", Rate{Every: 30 * time.Second, Burst: 20}),
		Gate:        limiter("gate", Rate{Every: 30 * time.Second, Burst: 10}),
	}
}

// Login takes a failure token for the client (addrKey, from client) and,
// unless the browser is a trusted device of the account (TrustedDevice),
// for the username. It returns 429 when either has none left, or a function
// to call when the password turns out right, which gives the tokens back:
// only failures count, and a correct login works again once the window
// passes.
func (a Auth) Login(ctx context.Context, addrKey string, client netip.Addr, username string, trustedDevice bool) (succeeded func(), err error) {
	refundAddr, err := a.LoginByAddr.Attempt(ctx, addrKey)
	if err != nil || trustedDevice {
		return refundAddr, err
	}
	refundUser, err := a.LoginByUser.Attempt(ctx, UserKey(username, client))
	if err != nil {
		refundAddr()
		return nil, err
	}
	return func() { refundAddr(); refundUser() }, nil
}

// UserKey scopes an account's failure count to the client's network
// (an IPv4 /24, an IPv6 /48). Counted across every address, as it was, the
// limit let anyone keep the owner out of any new browser for a minute per
// ten wrong guesses; now a guesser locks out only their own network, which
// the owner shares only if she is the one guessing. Guessers that spread
// over many networks are held back by LoginByAddr and argon2's cost.
func UserKey(username string, client netip.Addr) string {
	bits := 24
	if client.Is6() {
		bits = 48
	}
	network, _ := client.Prefix(bits)
	return strings.ToLower(username) + " " + network.String()
}

// A browser that has logged in to an account carries a device token for it
// (a cookie). When the account's per-username login limit is used up — by
// someone guessing its password, or locking its owner out on purpose with
// one wrong guess a minute — that browser may still log in (OWASP's "device
// cookies"). Its own address's limit still applies.
const DeviceLifetime = 180 * 24 * time.Hour

// DeviceToken is "ISSUED.MAC": the account and the issue time signed with
// the account's password hash as the key. The hash never leaves the server
// and holds a random salt; a new password makes every old token worthless.
func DeviceToken(u store.User, issued time.Time) string {
	sec := strconv.FormatInt(issued.Unix(), 10)
	return sec + "." + deviceMAC(u, sec)
}

func deviceMAC(u store.User, issued string) string {
	mac := hmac.New(sha256.New, []byte(u.PasswordHash))
	fmt.Fprintf(mac, "ugcfolio device|%d|%s|%s", u.ID, strings.ToLower(u.Username), issued)
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// TrustedDevice reports whether token is a valid device token of u that
// has not expired by now.
func TrustedDevice(token string, u store.User, now time.Time) bool {
	if u.PasswordHash == "" {
		return false
	}
	issued, mac, ok := strings.Cut(token, ".")
	sec, err := strconv.ParseInt(issued, 10, 64)
	if !ok || err != nil || now.Sub(time.Unix(sec, 0)) > DeviceLifetime {
		return false
	}
	return hmac.Equal([]byte(mac), []byte(deviceMAC(u, issued)))
}
