package httpapi

import (
	"net/http"
	"strings"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/auth"
	"github.com/ugcfolio/ugcfolio/internal/forms"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// The contact form's rules (SPEC.md section 5), the same messages as the
// client's schema in web/src/features/public/contact/contact-schema.ts.
const (
	MsgContactEmail = auth.MsgInvalidEmail
	MsgContactName  = "Name must be at least 2 characters"
	// MsgContactNameRequired is an empty name's: "at least 2 characters" to
	// someone who wrote none said the wrong thing (issue 38).
	MsgContactNameRequired = "Please enter your name"
	MsgContactMessage      = "Message must be at least 10 characters"

	minContactName    = 2
	maxContactName    = 200
	maxContactCompany = 200
	minContactMessage = 10
	maxContactMessage = 5000
)

// contactServices are the form's service options (SPEC.md section 3); the
// field may also be empty.
var contactServices = []string{"Enkeltvideo", "Pakketilbud 1", "Pakketilbud 2", "Skreddersydd"}

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
const (
	contactEvery = time.Minute
	contactBurst = 10
)

// contactForm is the contact form's field rules (its rows in testdata/rules.json).
var contactForm = forms.New("contact",
	forms.Field[contactRequest]{Rule: forms.Rule{Field: "name", Label: "Name", Trim: true, Required: true, RequiredMsg: MsgContactNameRequired,
		Min: minContactName, MinMsg: MsgContactName, Max: maxContactName},
		Text: func(in *contactRequest) *string { return &in.Name }},
	forms.Field[contactRequest]{Rule: forms.Rule{Field: "email", Label: "Email", Trim: true, Format: "email"},
		Text: func(in *contactRequest) *string { return &in.Email }},
	forms.Field[contactRequest]{Rule: forms.Rule{Field: "company", Label: "Company", Trim: true, Max: maxContactCompany},
		Text: func(in *contactRequest) *string { return &in.Company }},
	forms.Field[contactRequest]{Rule: forms.Rule{Field: "service", Label: "Service", Trim: true, OneOf: contactServices, EmptyOK: true,
		OneOfMsg: "Service must be one of " + strings.Join(contactServices[:len(contactServices)-1], ", ") + " or " + contactServices[len(contactServices)-1]},
		Text: func(in *contactRequest) *string { return &in.Service }},
	forms.Field[contactRequest]{Rule: forms.Rule{Field: "message", Label: "Message", Trim: true, Min: minContactMessage, MinMsg: MsgContactMessage, Max: maxContactMessage},
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
func (s *Server) createContact(w http.ResponseWriter, r *http.Request) error {
	// Only inquiries count against the limit: a refused form (a person
	// correcting a field the browser let through) takes its token back, so
	// that person always gets contactBurst inquiries in (DESIGN.md section 2).
	refund, err := s.contactLimit.Attempt(r.Context(), s.proxies.Key(r))
	if err != nil {
		return err
	}
	var in contactRequest
	if err := decodeJSON(w, r, &in); err != nil {
		refund()
		return err
	}
	if in.Website != "" {
		s.log.Info("contact honeypot filled; inquiry dropped", "ip", s.proxies.Key(r))
		return writeJSON(w, http.StatusCreated, store.Inquiry{Name: in.Name, Email: in.Email, Company: in.Company,
			Service: in.Service, Message: in.Message, CreatedAt: time.Now().UTC()})
	}
	if err := in.validate(); err != nil {
		refund()
		return err
	}
	// The inquiry and its e-mail are committed together (the outbox).
	inq, err := s.store.CreateInquiry(r.Context(), store.InquiryInput{Name: in.Name, Email: in.Email,
		Company: in.Company, Service: in.Service, Message: in.Message, Language: in.Language}, s.mail.OnInquiry(r.Context()))
	if err != nil {
		return err
	}
	s.mail.Wake()
	s.analytics.AttributeInquiry(r, inq.ID)
	s.log.Info("contact inquiry stored", "id", inq.ID)
	return writeJSON(w, http.StatusCreated, inq)
}
