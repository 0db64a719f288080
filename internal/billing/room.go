package billing

import (
	"bytes"
	"context"
	"html/template"
	"net/http"
	"strconv"

	"github.com/ugcfolio/ugcfolio/internal/httpx"
	"github.com/ugcfolio/ugcfolio/internal/rooms"
)

// The brand's side, in the deal's delivery room: the deal's issued
// invoices, deposit requests and credit notes, each with its PDF and (when
// one was made) its EHF, byte for byte as made at issue. internal/rooms
// opens the room from its token and hands over the deal; an invoice is
// found by its number within that deal only, so one room never reaches
// another deal's documents.

// PublicRoutes answers the brand's routes under the room's path: the token
// is a key, so every one is Redact.
func (s *Service) PublicRoutes() []httpx.Route {
	if s.rooms == nil {
		return nil
	}
	return []httpx.Route{
		{Pattern: "GET /room/{token}/invoices/{number}/pdf", Handler: s.rooms.Handle(s.roomFile("pdf")), Redact: true},
		{Pattern: "GET /room/{token}/invoices/{number}/ehf", Handler: s.rooms.Handle(s.roomFile("ehf")), Redact: true},
	}
}

var roomSectionTmpl = template.Must(template.New("invoices").Parse(
	`<h2 id="invoices">{{.Heading}}</h2>
<section class="card" aria-labelledby="invoices"><ul style="list-style:none;margin:0;padding:0">
{{range .Rows}}<li data-testid="room-invoice" style="padding:.6rem 0;border-bottom:1px solid #e7e5e4">
<p style="margin:0"><strong>{{.Name}}</strong> · {{.Amount}}{{if .Due}} · {{.Due}}{{end}} · <span class="state{{if .Settled}} approved{{end}}">{{.State}}</span></p>
<p class="buttons" style="margin:.4rem 0 0"><a href="{{.PDF}}" download>{{$.PDFText}}</a>{{if .EHF}} · <a href="{{.EHF}}" download>{{$.EHFText}}</a>{{end}}</p>
{{if .Pay}}<p style="margin:.5rem 0 0"><a class="button" href="{{.Pay}}" rel="nofollow" data-testid="pay-by-card">{{$.PayText}}</a></p>{{end}}
</li>{{end}}</ul></section>`))

type roomRow struct {
	Name, Amount, Due, State, PDF, EHF, Pay string
	Settled                                 bool
}

// roomSection lists the deal's issued documents in its room ("" for none).
func (s *Service) roomSection(ctx context.Context, v rooms.Visit) (template.HTML, error) {
	list, err := s.readInvoices(ctx, s.st.DB, `WHERE deal_id = ? AND number IS NOT NULL ORDER BY number`, v.Deal.ID)
	if err != nil || len(list) == 0 {
		return "", err
	}
	lang := v.Deal.Language
	view := struct {
		Heading, PDFText, EHFText, PayText string
		Rows                               []roomRow
	}{Heading: words(lang, "Fakturaer", "Invoices"), PDFText: words(lang, "Last ned PDF", "Download PDF"),
		EHFText: words(lang, "EHF (XML)", "EHF (XML)"), PayText: words(lang, "Betal med kort", "Pay by card")}
	for _, inv := range list {
		if err := s.complete(ctx, s.st.DB, &inv); err != nil {
			return "", err
		}
		base := v.Base + "/invoices/" + strconv.FormatInt(*inv.Number, 10)
		row := roomRow{Name: capitalised(documentName(lang, inv)), Amount: amountText(lang, inv.Payable, inv.Currency),
			State: roomState(lang, inv.State), Settled: inv.State == StatePaid || inv.State == StateCredited, PDF: base + "/pdf"}
		if inv.DueDate != "" && inv.Outstanding > 0 {
			row.Due = words(lang, "forfall ", "due ") + dateText(lang, inv.DueDate)
		}
		if inv.EHFSHA256 != "" {
			row.EHF = base + "/ehf"
		}
		if s.CardPayable(inv) {
			row.Pay = PayPath(v.Base, *inv.Number)
		}
		view.Rows = append(view.Rows, row)
	}
	var b bytes.Buffer
	if err := roomSectionTmpl.Execute(&b, view); err != nil {
		return "", err
	}
	return template.HTML(b.String()), nil
}

// roomState is a state as the brand reads it.
func roomState(lang, state string) string {
	switch state {
	case StatePaid:
		return words(lang, "Betalt", "Paid")
	case StatePartlyPaid:
		return words(lang, "Delvis betalt", "Partly paid")
	case StateOverdue:
		return words(lang, "Forfalt", "Overdue")
	case StateCredited:
		return words(lang, "Kreditert", "Credited")
	}
	return words(lang, "Til betaling", "To be paid")
}

// roomFile serves an issued document's PDF or EHF of the room's deal.
func (s *Service) roomFile(which string) func(w http.ResponseWriter, r *http.Request, v rooms.Visit) error {
	contentType := map[string]string{"pdf": "application/pdf", "ehf": "application/xml"}[which]
	return func(w http.ResponseWriter, r *http.Request, v rooms.Visit) error {
		number, err := strconv.ParseInt(r.PathValue("number"), 10, 64)
		if err != nil || number <= 0 {
			return rooms.NotFoundPage(w)
		}
		var id int64
		err = s.st.DB.QueryRowContext(r.Context(), s.q(`SELECT id FROM invoices WHERE deal_id = ? AND number = ?`), v.Deal.ID, number).Scan(&id)
		if err != nil {
			return rooms.NotFoundPage(w) // not this deal's, or none: the room's 404, which says nothing
		}
		f, err := s.file(r.Context(), id, which)
		if err != nil {
			return rooms.NotFoundPage(w)
		}
		return writeFile(w, f, which, contentType)
	}
}
