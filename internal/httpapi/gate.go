package httpapi

import (
	"crypto/sha256"
	"crypto/subtle"
	"net/http"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/forms"
	"github.com/ugcfolio/ugcfolio/internal/httpx"
)

// siteInfo is the answer of GET /api/site: what the app must know before it
// renders a public page.
type siteInfo struct {
	Gate bool `json:"gate"` // visitors must pass /coming-soon first
}

// getSite answers GET /api/site with whether the coming-soon gate is on.
// The credentials themselves never leave the server (DESIGN.md section 4).
func (s *Server) getSite(w http.ResponseWriter, r *http.Request) error {
	return httpx.WriteJSON(w, http.StatusOK, siteInfo{Gate: s.cfg.GateEnabled()})
}

// gateCredentials is the body of POST /api/site-access.
type gateCredentials struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

// gateForm is the gate body's rules (its rows in testdata/rules.json): both
// present, under one message; the client words its own per field.
var gateForm = forms.New("gate",
	forms.Field[gateCredentials]{Rule: forms.Rule{Field: "username", Label: "Username", Required: true, RequiredMsg: msgGateRequired},
		Text: func(in *gateCredentials) *string { return &in.Username }},
	forms.Field[gateCredentials]{Rule: forms.Rule{Field: "password", Label: "Password", Required: true, RequiredMsg: msgGateRequired},
		Text: func(in *gateCredentials) *string { return &in.Password }},
)

const msgGateRequired = "Username and password are required"

var errBadGate = apperr.New(apperr.CodeUnauthorized, "Wrong username or password")

// siteAccess answers POST /api/site-access {username, password}: 204 with
// the gate pass (gatepass.go) when they are the operator's gate credentials
// (or when the gate is off), 401
// otherwise. Failures per client address are rate limited; the comparison
// takes the same time whatever the guess.
func (s *Server) siteAccess(w http.ResponseWriter, r *http.Request) error {
	var in gateCredentials
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if !s.cfg.GateEnabled() {
		w.WriteHeader(http.StatusNoContent)
		return nil
	}
	if err := gateForm.Check(&in); err != nil {
		return err
	}
	succeeded, err := s.limits.Gate.Attempt(r.Context(), s.proxies.Key(r))
	if err != nil {
		return err
	}
	// Both compared every time: a right username must not answer faster.
	userOK := gateMatches(in.Username, s.cfg.GateUsername)
	passOK := gateMatches(in.Password, s.cfg.GatePassword)
	if !userOK || !passOK {
		return errBadGate
	}
	succeeded()
	if err := s.setGatePass(w, r); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// gateMatches compares in constant time. Hashing first makes both sides the
// same length, so not even the length of the secret leaks.
func gateMatches(given, want string) bool {
	g, w := sha256.Sum256([]byte(given)), sha256.Sum256([]byte(want))
	return subtle.ConstantTimeCompare(g[:], w[:]) == 1
}
