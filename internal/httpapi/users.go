package httpapi

import (
	"net/http"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/auth"
	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/forms"
	"github.com/ugcfolio/ugcfolio/internal/httpx"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// credentials is the body of POST /api/login.
type credentials struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

// registration is the body of POST /api/register: exactly these fields, so
// a body that tries to set isAdmin is refused as an unknown field.
type registration struct {
	Username    string `json:"username"`
	Password    string `json:"password"`
	DisplayName string `json:"displayName"`
}

var (
	errBadLogin           = apperr.New(apperr.CodeUnauthorized, "Invalid username or password")
	errRegistrationClosed = apperr.New(apperr.CodeForbidden, "Registration is closed")
)

// The rules of the login and register bodies (their rows in
// testdata/rules.json): auth's, which the command line's create-admin
// applies as well.
var (
	usernameRule = forms.Rule{Field: "username", Label: "Username", Trim: true, Format: "email"}
	passwordRule = forms.Rule{Field: "password", Label: "Password", Min: auth.MinPasswordLength, MinMsg: auth.MsgShortPassword,
		MaxBytes: auth.MaxPasswordBytes, MaxBytesMsg: auth.MsgLongPassword}

	loginForm = forms.New("login",
		forms.Field[credentials]{Rule: usernameRule, Text: func(in *credentials) *string { return &in.Username }},
		forms.Field[credentials]{Rule: passwordRule, Text: func(in *credentials) *string { return &in.Password }},
	)
	registerForm = forms.New("register",
		forms.Field[registration]{Rule: usernameRule, Text: func(in *registration) *string { return &in.Username }},
		forms.Field[registration]{Rule: passwordRule, Text: func(in *registration) *string { return &in.Password }},
		forms.Field[registration]{Rule: forms.Rule{Field: "displayName", Label: "Display name", Trim: true, Max: 100},
			Text: func(in *registration) *string { return &in.DisplayName }},
	)
)

// login answers POST /api/login with the user, starting a fresh session.
// A wrong password and an unknown user get the same answer, in the same time.
func (s *Server) login(w http.ResponseWriter, r *http.Request) error {
	var in credentials
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := loginForm.Check(&in); err != nil {
		return err
	}
	u, err := s.store.UserByUsername(r.Context(), in.Username)
	if err != nil && !apperr.Is(err, apperr.CodeNotFound) {
		return err
	}
	succeeded, err := s.limits.Login(r.Context(), s.proxies.Key(r), s.proxies.Addr(r), in.Username, s.isTrustedDevice(r, u))
	if err != nil {
		return err
	}
	var ok bool
	if err := s.loginHashes.Do(r.Context(), func() { ok = auth.CheckPasswordOrDummy(u.PasswordHash, in.Password) }); err != nil {
		succeeded() // nothing was checked, so nothing counts
		return err
	}
	if !ok {
		return errBadLogin // the failure keeps its tokens
	}
	succeeded()
	if err := s.startSession(r, u); err != nil {
		return err
	}
	s.setSignedInHint(w)
	s.setTrustedDevice(w, u)
	if u.IsAdmin {
		if err := s.setGatePass(w, r); err != nil { // admins pass the gate, media included
			return err
		}
	}
	return httpx.WriteJSON(w, http.StatusOK, u)
}

// registered is the answer of POST /api/register: the account as the form
// gave it. It is built from the request alone (no id), so a taken address
// gets the very same answer as a new one.
type registered struct {
	Username    string `json:"username"`
	DisplayName string `json:"displayName"`
	IsAdmin     bool   `json:"isAdmin"`
}

// register answers POST /api/register: a new (non-admin) account, logged in.
// Every attempt counts against the client address's limit. An address that
// already has an account gets the same answer (201, the same body and
// cookies, after the same hashing) with a session of nobody, so the answer
// does not tell which addresses have accounts; the account is untouched.
func (s *Server) register(w http.ResponseWriter, r *http.Request) error {
	if err := s.registrationOpen(r); err != nil {
		return err
	}
	if _, err := s.limits.Register.Attempt(r.Context(), s.proxies.Key(r)); err != nil {
		return err
	}
	var in registration
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := registerForm.Check(&in); err != nil {
		return err
	}
	var hash string
	var hashErr error
	if err := s.registrationHashes.Do(r.Context(), func() { hash, hashErr = auth.HashPassword(in.Password) }); err != nil {
		return err
	}
	if hashErr != nil {
		return hashErr
	}
	u, err := s.store.CreateUser(r.Context(), store.UserInput{Username: in.Username, DisplayName: in.DisplayName, PasswordHash: hash})
	switch {
	case err == nil:
		err = s.startSession(r, u)
	case apperr.Is(err, apperr.CodeConflict):
		err = s.startSession(r, store.User{}) // a session, as for a new account, of nobody
	}
	if err != nil {
		return err
	}
	s.setSignedInHint(w)
	return httpx.WriteJSON(w, http.StatusCreated, registered{Username: in.Username, DisplayName: in.DisplayName})
}

// registrationOpen answers errRegistrationClosed unless POST /api/register
// may create accounts now (config.Registration): by default only while the
// site has no admin.
func (s *Server) registrationOpen(r *http.Request) error {
	switch s.cfg.Registration {
	case config.RegistrationOpen:
		return nil
	case config.RegistrationClosed:
		return errRegistrationClosed
	}
	hasAdmin, err := s.store.HasAdmin(r.Context())
	if err != nil {
		return err
	}
	if hasAdmin {
		return errRegistrationClosed
	}
	return nil
}

// logout answers POST /api/logout, destroying the session on the server.
func (s *Server) logout(w http.ResponseWriter, r *http.Request) error {
	if err := s.sessions.Destroy(r.Context()); err != nil {
		return err
	}
	s.clearSignedInHint(w)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// startSession logs u in under a new token, so a token planted before login
// is worthless after it (no session fixation).
func (s *Server) startSession(r *http.Request, u store.User) error {
	if err := s.sessions.RenewToken(r.Context()); err != nil {
		return err
	}
	s.sessions.Put(r.Context(), sessionUserKey, u.ID)
	s.sessions.Put(r.Context(), sessionSeenKey, s.now().Unix())
	return nil
}

// signedInHintCookie names a readable (not HttpOnly) cookie set on login and
// register and cleared on logout. It holds no secret: the client asks
// GET /api/user only when it is present, so a visitor's page makes no request
// that can only answer 401. The session cookie alone decides who is logged in.
const signedInHintCookie = "ugcfolio_signed_in"

// setSignedInHint sets the hint for as long as a session lives. Secure is
// added by clientaddr.OverHTTPS under the same rule as the session cookie.
func (s *Server) setSignedInHint(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{
		Name:     signedInHintCookie,
		Value:    "1",
		Path:     "/",
		MaxAge:   int(s.sessions.Lifetime / time.Second),
		SameSite: http.SameSiteLaxMode,
	})
}

// clearSignedInHint removes the hint.
func (s *Server) clearSignedInHint(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{
		Name:     signedInHintCookie,
		Value:    "",
		Path:     "/",
		MaxAge:   -1,
		SameSite: http.SameSiteLaxMode,
	})
}

// getUser answers GET /api/user: the logged-in user, or 401.
func (s *Server) getUser(w http.ResponseWriter, r *http.Request) error {
	u, err := s.currentUser(r)
	if err != nil {
		return err
	}
	if u.IsAdmin && !s.hasGatePass(r) {
		if err := s.setGatePass(w, r); err != nil { // an admin signed in before the pass existed
			return err
		}
	}
	return httpx.WriteJSON(w, http.StatusOK, u)
}
