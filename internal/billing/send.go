package billing

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/auth"
	"github.com/ugcfolio/ugcfolio/internal/deals"
)

// Sending an issued invoice to the brand by e-mail: its PDF, and its EHF
// when one was made, attached, in the invoice's language.

// SendInput is POST /api/admin/invoices/{id}/send.
type SendInput struct {
	// To is the address to send to; "" is the buyer's e-mail.
	To string `json:"to"`
	// ConfirmNoEHF: the admin has read the EHF warning and sends by e-mail
	// all the same (she delivers the EHF through her access point).
	ConfirmNoEHF bool `json:"confirmNoEHF"`
}

// Sent is what sending answers: where the message goes and what it carries.
type Sent struct {
	To          string   `json:"to"`
	Attachments []string `json:"attachments"`
}

// ehfRequiredFrom is the day EHF becomes required for invoices from a
// VAT-registered seller to a Norwegian business: e-invoices through
// Peppol from 1 January 2027.
const ehfRequiredFrom = "2027-01-01"

var (
	errMailOff = apperr.Invalid("E-mail is off on this site (no UGCFOLIO_SMTP_URL): nothing was sent. Download the PDF (and the EHF) and send it yourself, or set up e-mail")
	errEHFDue  = apperr.New(apperr.CodeConflict, "From 1 January 2027 an invoice from a VAT-registered seller to a Norwegian business must be sent as EHF "+
		"(Peppol BIS Billing 3.0) through a Peppol access point: an e-mail does not deliver it. Download the EHF file (the invoice's EHF button) "+
		"and send it through your access point or accounting system; to e-mail the PDF as well, send again with confirmNoEHF: true")
)

// Send queues the e-mail of an issued invoice to the brand and records it
// as the deal's event.
func (s *Service) Send(ctx context.Context, actor deals.Actor, id int64, in SendInput) (Sent, error) {
	if !s.mail.Enabled() {
		return Sent{}, errMailOff
	}
	inv, err := s.Get(ctx, id)
	if err != nil {
		return Sent{}, err
	}
	if inv.Number == nil {
		return Sent{}, apperr.New(apperr.CodeConflict, "A draft is not sent: issue it first")
	}
	if other, err := s.elsewhere(ctx, id); err != nil {
		return Sent{}, err
	} else if other != "" {
		return Sent{}, apperr.New(apperr.CodeConflict, "%s issued this invoice and sends it: send it again from %s", other, other)
	}
	to := strings.TrimSpace(in.To)
	if to == "" {
		to = inv.Buyer.Email
	}
	switch {
	case to == "":
		return Sent{}, apperr.Invalid("to is required: the invoice has no buyer e-mail (buyer.email)")
	case !auth.ValidEmail(to) || strings.ContainsAny(to, ",;<>"):
		return Sent{}, apperr.Invalid("to must be one e-mail address like name@example.no")
	}
	p, err := s.Profile(ctx)
	if err != nil {
		return Sent{}, err
	}
	if s.today() >= ehfRequiredFrom && p.VATRegistered && inv.Buyer.OrgNumber != "" && !in.ConfirmNoEHF {
		return Sent{}, errEHFDue
	}
	files, err := s.attachments(ctx, inv)
	if err != nil {
		return Sent{}, err
	}
	out := Sent{To: to, Attachments: []string{}}
	for _, f := range files {
		out.Attachments = append(out.Attachments, f.Name)
	}
	err = s.st.InTx(ctx, func(tx *sql.Tx) error {
		if err := s.queueMail(ctx, tx, mailJob{Event: eventInvoice, InvoiceID: id, To: to}); err != nil {
			return err
		}
		return s.deals.Record(ctx, tx, deals.Event{DealID: &inv.DealID, Brand: inv.Buyer.Name, Actor: actor, Kind: "invoice-sent",
			Detail: fmt.Sprintf("%s %d e-mailed to %s (%s)", kindLabel(inv.Kind), *inv.Number, to, strings.Join(out.Attachments, ", "))})
	})
	if err != nil {
		return Sent{}, err
	}
	s.mailer.Wake()
	return out, nil
}
