// Package inquiries is the contact form and the creator's inbox: a
// visitor's inquiry stored with its e-mail in one transaction (the outbox,
// internal/mail), the admin's paged list with the pitch link each came
// through and the deal made of it, marking read, deleting, the e-mail's
// delivery state and a resend, and a CSV export.
//
// Routes (declared by Routes, mounted by internal/httpapi):
//
//	POST   /api/contact                   the form → 201 and the inquiry (rate-limited per client address)
//	GET    /api/admin/contact             a page of inquiries, newest first (?before=ID&limit=N; Link: next)
//	PATCH  /api/admin/contact/{id}        {"isRead": true} → the inquiry
//	PUT    /api/admin/contact/{id}/read   SPEC.md's name for the same
//	DELETE /api/admin/contact/{id}        204
//	GET    /api/admin/contact/mail        whether e-mail is on, and each inquiry's delivery
//	POST   /api/admin/contact/{id}/mail   the notification sent again → its delivery
//	GET    /api/admin/contact/export.csv  every inquiry as CSV
package inquiries

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/auth"
	"github.com/ugcfolio/ugcfolio/internal/forms"
	"github.com/ugcfolio/ugcfolio/internal/httpx"
	"github.com/ugcfolio/ugcfolio/internal/mail"
	"github.com/ugcfolio/ugcfolio/internal/ratelimit"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// Deps are what the handlers need from the host and the capabilities
// around the inbox.
type Deps struct {
	Store *store.Store
	Mail  *mail.Mailer // nil: e-mail off
	// AutoReply: the sender gets an automatic answer (with e-mail on).
	AutoReply bool
	// Limit is the contact form's limit per client address (ClientKey).
	Limit     ratelimit.Limiter
	ClientKey func(r *http.Request) string
	// Attribute records the pitch link an inquiry came through
	// (internal/analytics); it logs its own failures.
	Attribute func(r *http.Request, inquiryID int64)
	// Annotate adds to the admin's list what other capabilities know of
	// each inquiry (its pitch link, the deal made of it).
	Annotate func(ctx context.Context, list []store.Inquiry) (any, error)
	Now      func() time.Time
	Log      *slog.Logger
}

// API answers the inquiry routes.
type API struct{ d Deps }

// New returns the handlers.
func New(d Deps) *API { return &API{d: d} }

// Routes are the visitor's form and the admin's inbox.
func (a *API) Routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "POST /api/contact", Handler: a.createContact},
		{Pattern: "GET /api/admin/contact", Admin: a.listInquiries},
		{Pattern: "PATCH /api/admin/contact/{id}", Admin: a.patchInquiry},
		{Pattern: "PUT /api/admin/contact/{id}/read", Admin: a.markInquiryRead},
		{Pattern: "DELETE /api/admin/contact/{id}", Admin: a.deleteInquiry},
		{Pattern: "GET /api/admin/contact/mail", Admin: a.inquiryMail},
		{Pattern: "POST /api/admin/contact/{id}/mail", Admin: a.resendInquiryMail},
		{Pattern: "GET /api/admin/contact/export.csv", Admin: a.exportInquiries},
	}
}

// pathID reads {id}; anything but a positive number names no inquiry.
func pathID(r *http.Request) (int64, error) {
	return httpx.PathID(r, "id", "item with id")
}

// The contact form's rules (SPEC.md section 5), the same messages as the
// client's schema in web/src/features/public/contact/contact-schema.ts.
const (
	MsgContactEmail = auth.MsgInvalidEmail
	MsgContactName  = "Name must be at least 2 characters"
	// MsgContactNameRequired is an empty name's: "at least 2 characters" to
	// someone who wrote none said the wrong thing .
	MsgContactNameRequired = "Please enter your name"
	MsgContactMessage      = "Message must be at least 10 characters"

	MinContactName    = 2
	MaxContactName    = 200
	MaxContactCompany = 200
	MinContactMessage = 10
	MaxContactMessage = 5000
)

// ContactServices are the form's service options (SPEC.md section 3); the
// field may also be empty.
var ContactServices = []string{"Enkeltvideo", "Pakketilbud 1", "Pakketilbud 2", "Skreddersydd"}

// HoneypotField is the contact form's hidden field: people never see it and
// leave it empty; a bot that fills it gets a success-looking answer and
// nothing is stored.
const HoneypotField = "website"

// contactRequest is the body of POST /api/contact: exactly the inquiry's
// fields plus the honeypot, so isRead or createdAt are refused as unknown.
// language (optional, 'no' by default) is the page's, for the auto-reply.
type contactRequest struct {
	Name     string `json:"name"`
	Email    string `json:"email"`
	Company  string `json:"company"`
	Service  string `json:"service"`
	Message  string `json:"message"`
	Language string `json:"language"`
	Website  string `json:"website"`
}

// The contact form's rate limit per client address: a burst of 10, then
// one more every minute.
var Limit = ratelimit.Rate{Every: time.Minute, Burst: 10}

// contactForm is the contact form's field rules (its rows in testdata/rules.json).
var contactForm = forms.New("contact",
	forms.Field[contactRequest]{Rule: forms.Rule{Field: "name", Label: "Name", Trim: true, Required: true, RequiredMsg: MsgContactNameRequired,
		Min: MinContactName, MinMsg: MsgContactName, Max: MaxContactName},
		Text: func(in *contactRequest) *string { return &in.Name }},
	forms.Field[contactRequest]{Rule: forms.Rule{Field: "email", Label: "Email", Trim: true, Format: "email"},
		Text: func(in *contactRequest) *string { return &in.Email }},
	forms.Field[contactRequest]{Rule: forms.Rule{Field: "company", Label: "Company", Trim: true, Max: MaxContactCompany},
		Text: func(in *contactRequest) *string { return &in.Company }},
	forms.Field[contactRequest]{Rule: forms.Rule{Field: "service", Label: "Service", Trim: true, OneOf: ContactServices, EmptyOK: true,
		OneOfMsg: "Service must be one of " + strings.Join(ContactServices[:len(ContactServices)-1], ", ") + " or " + ContactServices[len(ContactServices)-1]},
		Text: func(in *contactRequest) *string { return &in.Service }},
	forms.Field[contactRequest]{Rule: forms.Rule{Field: "message", Label: "Message", Trim: true, Min: MinContactMessage, MinMsg: MsgContactMessage, Max: MaxContactMessage},
		Text: func(in *contactRequest) *string { return &in.Message }},
	forms.Field[contactRequest]{Rule: forms.Rule{Field: "language", Label: "Language", OneOfCheck: forms.CheckLanguage, EmptyOK: true,
		OneOfMsg: "Language must be no or en"},
		Text: func(in *contactRequest) *string { return &in.Language }},
)

// validate trims the fields and applies the rules, returning the first
// broken one's message.
func (in *contactRequest) validate() error {
	return contactForm.Check(in)
}

// createContact answers POST /api/contact with 201 and the stored inquiry,
// committed before the answer. A filled honeypot answers 201 with a
// look-alike inquiry and stores nothing.
func (a *API) createContact(w http.ResponseWriter, r *http.Request) error {
	// Only inquiries count against the limit: a refused form (a person
	// correcting a field the browser let through) takes its token back, so
	// that person always gets Limit.Burst inquiries in (DESIGN.md section 2).
	refund, err := a.d.Limit.Attempt(r.Context(), a.d.ClientKey(r))
	if err != nil {
		return err
	}
	var in contactRequest
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		refund()
		return err
	}
	if in.Website != "" {
		a.d.Log.Info("contact honeypot filled; inquiry dropped", "ip", a.d.ClientKey(r))
		return httpx.WriteJSON(w, http.StatusCreated, store.Inquiry{Name: in.Name, Email: in.Email, Company: in.Company,
			Service: in.Service, Message: in.Message, CreatedAt: time.Now().UTC()})
	}
	if err := in.validate(); err != nil {
		refund()
		return err
	}
	// The inquiry and its e-mail are committed together (the outbox).
	inq, err := a.d.Store.CreateInquiry(r.Context(), store.InquiryInput{Name: in.Name, Email: in.Email,
		Company: in.Company, Service: in.Service, Message: in.Message, Language: in.Language}, a.d.Mail.OnInquiry(r.Context()))
	if err != nil {
		return err
	}
	a.d.Mail.Wake()
	a.d.Attribute(r, inq.ID)
	a.d.Log.Info("contact inquiry stored", "id", inq.ID)
	return httpx.WriteJSON(w, http.StatusCreated, inq)
}
