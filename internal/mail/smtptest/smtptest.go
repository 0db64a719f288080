// Package smtptest runs a real SMTP server on loopback for tests (the
// maintained server library github.com/emersion/go-smtp, in process), and
// decodes what it receives: headers, the text and HTML parts, envelope.
//
// mailpit, the first choice, is not on the Go module proxy this
// project can reach, so it cannot be built into .tools/.
package smtptest

import (
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"net"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Server is a running SMTP server that keeps every message.
type Server struct {
	Addr               string
	Username, Password string

	tls         testTLS
	plain       bool // StartPlain: no STARTTLS offered
	mu          sync.Mutex
	srv         *smtp.Server
	ln          net.Listener
	msgs        []Message
	stall       chan struct{} // non-nil: DATA waits until it is closed
	stallMail   chan struct{} // non-nil: MAIL FROM waits until it is closed
	stalled     int           // commands waiting now
	tlsSessions int           // sessions that sent MAIL FROM over TLS
	closed      chan struct{}
	arrived     chan struct{}
}

// Start listens on a free loopback port, with AUTH PLAIN for a fixed user
// after STARTTLS; the server stops when the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	s, err := Listen(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Stop)
	return s
}

// StartPlain is Start without TLS: the server offers no STARTTLS and
// wants no AUTH, like a relay on a private network. Its URL says
// tls=none, the explicit opt-in a mailer needs to use it.
func StartPlain(t testing.TB) *Server {
	t.Helper()
	s, err := listen(t.TempDir(), true)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Stop)
	return s
}

// Listen is Start outside a test (cmd/smtptest): dir receives the CA file.
func Listen(dir string) (*Server, error) { return listen(dir, false) }

func listen(dir string, plain bool) (*Server, error) {
	s := &Server{Username: "ugc", Password: "p@ss w0rd", arrived: make(chan struct{}, 1000), plain: plain}
	var err error
	if s.tls, err = newTLS(dir); err != nil {
		return nil, err
	}
	// A port below Linux's ephemeral range (32768 on), so that no outgoing
	// connection takes it while the server is stopped (Restart).
	var ln net.Listener
	for range 100 {
		port := 20000 + mrand.IntN(12000)
		if ln, err = net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port)); err == nil {
			break
		}
	}
	if err != nil {
		return nil, err
	}
	s.Addr = ln.Addr().String()
	s.serve(ln)
	return s, nil
}

// RootCAs trust the server's certificate (for the client's TLS config).
func (s *Server) RootCAs() *x509.CertPool { return s.tls.roots }

// CAFile is a PEM file of the server's certificate, for SSL_CERT_FILE of a
// child process.
func (s *Server) CAFile() string { return s.tls.file }

// URL is the server's UGCFOLIO_SMTP_URL; a plain server's says tls=none.
func (s *Server) URL() string {
	u := s.URLWithoutOptIn()
	if s.plain {
		u += "?tls=none"
	}
	return u
}

// URLWithoutOptIn is the URL without tls=none: what an operator who did
// not turn TLS off would configure.
func (s *Server) URLWithoutOptIn() string {
	if s.plain {
		return "smtp://" + s.Addr // no password in clear text
	}
	return "smtp://" + url.UserPassword(s.Username, s.Password).String() + "@" + s.Addr
}

// TLSSessions counts the messages whose MAIL FROM came over TLS.
func (s *Server) TLSSessions() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tlsSessions
}

func (s *Server) serve(ln net.Listener) {
	srv := smtp.NewServer(backend{s})
	srv.Domain = "localhost"
	if !s.plain {
		srv.TLSConfig = s.tls.server // STARTTLS: go-mail sends passwords only encrypted
	}
	srv.ReadTimeout, srv.WriteTimeout = time.Minute, time.Minute
	s.mu.Lock()
	s.srv, s.ln, s.closed = srv, ln, make(chan struct{})
	s.mu.Unlock()
	go srv.Serve(ln)
}

// Stop closes the server and its connections: clients get connection refused.
func (s *Server) Stop() {
	s.mu.Lock()
	srv, ln, closed := s.srv, s.ln, s.closed
	s.srv, s.ln = nil, nil
	s.mu.Unlock()
	if srv != nil {
		close(closed)
		ln.Close() // ours too: Serve may not have registered it yet
		srv.Close()
	}
}

// Restart listens again on the same address after Stop.
func (s *Server) Restart(t testing.TB) {
	t.Helper()
	var ln net.Listener
	var err error
	for range 50 { // the port may linger a moment
		if ln, err = net.Listen("tcp", s.Addr); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	s.serve(ln)
}

// Stall makes DATA wait (the message in flight) until Unstall.
func (s *Server) Stall() {
	s.mu.Lock()
	s.stall = make(chan struct{})
	s.mu.Unlock()
}

// StallMail makes MAIL FROM wait until Unstall: a client is connected and
// logged in, and has sent nothing of its message yet.
func (s *Server) StallMail() {
	s.mu.Lock()
	s.stallMail = make(chan struct{})
	s.mu.Unlock()
}

// Stalled counts the commands waiting for Unstall now.
func (s *Server) Stalled() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stalled
}

// Unstall lets stalled and later messages through.
func (s *Server) Unstall() {
	s.mu.Lock()
	for _, c := range []*chan struct{}{&s.stall, &s.stallMail} {
		if *c != nil {
			close(*c)
			*c = nil
		}
	}
	s.mu.Unlock()
}

// wait blocks while gate is open; false when the server stopped meanwhile.
func (s *Server) wait(gate, closed chan struct{}) bool {
	if gate == nil {
		return true
	}
	s.mu.Lock()
	s.stalled++
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.stalled--
		s.mu.Unlock()
	}()
	select {
	case <-gate:
		return true
	case <-closed:
		return false
	}
}

// Messages answers what has arrived so far.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.msgs...)
}

// WaitFor waits until at least n messages have arrived, then answers them
// all; it fails the test after timeout.
func (s *Server) WaitFor(t testing.TB, n int, timeout time.Duration) []Message {
	t.Helper()
	deadline := time.After(timeout)
	for {
		if m := s.Messages(); len(m) >= n {
			return m
		}
		select {
		case <-s.arrived:
		case <-deadline:
			t.Fatalf("%d of %d messages arrived in %s", len(s.Messages()), n, timeout)
		}
	}
}

type backend struct{ s *Server }

func (b backend) NewSession(c *smtp.Conn) (smtp.Session, error) {
	return &session{s: b.s, conn: c}, nil
}

type session struct {
	s      *Server
	conn   *smtp.Conn
	authed bool
	from   string
	to     []string
}

func (se *session) AuthMechanisms() []string { return []string{sasl.Plain} }

func (se *session) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, username, password string) error {
		if username != se.s.Username || password != se.s.Password {
			return errors.New("bad credentials")
		}
		se.authed = true
		return nil
	}), nil
}

func (se *session) Mail(from string, _ *smtp.MailOptions) error {
	if !se.authed && !se.s.plain {
		return &smtp.SMTPError{Code: 530, EnhancedCode: smtp.EnhancedCode{5, 7, 0}, Message: "Authentication required"}
	}
	se.s.mu.Lock()
	gate, closed := se.s.stallMail, se.s.closed
	se.s.mu.Unlock()
	if !se.s.wait(gate, closed) {
		return errors.New("server stopped")
	}
	se.from = from
	if _, ok := se.conn.TLSConnectionState(); ok {
		se.s.mu.Lock()
		se.s.tlsSessions++
		se.s.mu.Unlock()
	}
	return nil
}

func (se *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	se.to = append(se.to, to)
	return nil
}

func (se *session) Data(r io.Reader) error {
	se.s.mu.Lock()
	gate, closed := se.s.stall, se.s.closed
	se.s.mu.Unlock()
	if !se.s.wait(gate, closed) {
		return errors.New("server stopped")
	}
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	m, err := parse(raw)
	if err != nil {
		return fmt.Errorf("unreadable message: %v", err)
	}
	m.From, m.To = se.from, se.to
	se.s.mu.Lock()
	se.s.msgs = append(se.s.msgs, m)
	se.s.mu.Unlock()
	select {
	case se.s.arrived <- struct{}{}:
	default:
	}
	return nil
}

func (se *session) Reset()        { se.from, se.to = "", nil }
func (se *session) Logout() error { return nil }
