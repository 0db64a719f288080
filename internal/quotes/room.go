package quotes

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"strconv"

	"github.com/ugcfolio/ugcfolio/internal/httpx"
	"github.com/ugcfolio/ugcfolio/internal/rooms"
)

// The brand's side, in the delivery room: the quotes sent to the deal
// shown in full as a section of the room page, a page of one quote, and
// the acceptance form. internal/rooms opens the room from the token
// (rooms.Handle) and hands over the deal; no script runs here: a plain
// HTML form, answered with a redirect or the page again with its error.

var (
	sectionTmpl = template.Must(template.ParseFS(templateFS, "templates/section.html"))
)

// PublicRoutes answers the brand's routes, under the room's path: the
// token is a key, so every one is Redact.
func (s *Service) PublicRoutes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "GET /room/{token}/quotes/{number}", Handler: s.rooms.Handle(s.quotePage), Redact: true},
		{Pattern: "POST /room/{token}/quotes/{number}/accept", Handler: s.rooms.Handle(s.postAccept), Redact: true},
	}
}

// roomTexts are the words of the brand's side.
type roomTexts struct {
	Lang, Heading, Waiting, Accepted, Expired, Withdrawn                string
	Name, Title, Company, Confirm, Submit, Hint, Thanks, Record, Hash   string
	ErrName, ErrTitle, ErrCompany, ErrConfirm, ErrTooLong, ErrControl   string
	ErrChanged, ErrExpired, ErrWithdrawn, ErrAccepted, ErrOtherAccepted string
}

var roomNorwegian = roomTexts{Lang: "no", Heading: "Tilbud", Waiting: "Venter på svar: kan godtas til og med %s.",
	Accepted: "Godtatt %s av %s, %s, %s.", Expired: "Tilbudet gikk ut %s og kan ikke lenger godtas. Be om et nytt.",
	Withdrawn: "%s er trukket tilbake.",
	Name:      "Navn", Title: "Stilling", Company: "Selskap", Confirm: "Jeg godtar dette tilbudet på vegne av selskapet",
	Submit: "Godta tilbudet", Hint: "Når du godtar, lagres navnet, stillingen og selskapet du skriver, tidspunktet, adressen du sender fra og et fingeravtrykk (SHA-256) av tilbudet slik det vises her, som bevis på avtalen.",
	Thanks: "Takk! Tilbudet er godtatt. Dere får en kopi på e-post.", Record: "Fingeravtrykk (SHA-256) av tilbudet", Hash: "",
	ErrName: "Skriv navnet ditt.", ErrTitle: "Skriv stillingen din.", ErrCompany: "Skriv navnet på selskapet.",
	ErrConfirm: "Kryss av for at du godtar tilbudet på vegne av selskapet.", ErrTooLong: "Navn, stilling og selskap kan være på høyst 200 tegn hver.",
	ErrControl: "Feltene inneholder tegn som ikke er tillatt.",
	ErrChanged: "Tilbudet er endret etter at siden ble lastet: last inn siden på nytt og les det igjen.",
	ErrExpired: "Tilbudet har gått ut og kan ikke lenger godtas.", ErrWithdrawn: "Tilbudet er trukket tilbake og kan ikke godtas.",
	ErrAccepted: "Tilbudet er allerede godtatt.", ErrOtherAccepted: "Et annet tilbud for dette samarbeidet er allerede godtatt."}

var roomEnglish = roomTexts{Lang: "en", Heading: "Quotes", Waiting: "Waiting for your answer: may be accepted until %s.",
	Accepted: "Accepted %s by %s, %s, %s.", Expired: "This quote expired on %s and can no longer be accepted. Ask for a new one.",
	Withdrawn: "%s has been withdrawn.",
	Name:      "Name", Title: "Title", Company: "Company", Confirm: "I accept this quote on behalf of the company",
	Submit: "Accept the quote", Hint: "When you accept, the name, title and company you type, the time, the address you send from and a fingerprint (SHA-256) of the quote as shown here are kept as proof of the agreement.",
	Thanks: "Thank you! The quote is accepted. You will get a copy by e-mail.", Record: "Fingerprint (SHA-256) of the quote",
	ErrName: "Type your name.", ErrTitle: "Type your title.", ErrCompany: "Type the company's name.",
	ErrConfirm: "Tick the box to accept the quote on behalf of the company.", ErrTooLong: "Name, title and company can be at most 200 characters each.",
	ErrControl: "The fields contain characters that are not allowed.",
	ErrChanged: "The quote changed after the page was loaded: reload the page and read it again.",
	ErrExpired: "The quote has expired and can no longer be accepted.", ErrWithdrawn: "The quote has been withdrawn and cannot be accepted.",
	ErrAccepted: "The quote has been accepted already.", ErrOtherAccepted: "Another quote for this work has been accepted already."}

func roomTextsFor(lang string) roomTexts {
	if lang == "en" {
		return roomEnglish
	}
	return roomNorwegian
}

// AcceptForm is what the brand types and sends to accept a quote.
type AcceptForm struct {
	Name, Title, Company string
	Confirmed            bool
	SHA256               string // the hash of the document the form was shown with
}

// quoteCard is one quote in the room.
type quoteCard struct {
	T          roomTexts
	ID         string // the element's id: quote-<number>
	Title      string
	State      string
	StateText  string
	Document   template.HTML // the frozen document, as stored
	SHA256     string
	Acceptable bool
	Action     string // the form's action
	Typed      AcceptForm
	Error      string
	Notice     string
}

type sectionView struct {
	T     roomTexts
	Cards []quoteCard
}

// card is a quote as the room shows it.
func card(q Quote, base string) quoteCard {
	t := roomTextsFor(q.Language)
	title := fmt.Sprintf(docTextsFor(q.Language).Quote, q.Number)
	c := quoteCard{T: t, ID: "quote-" + strconv.Itoa(q.Number), Title: title, State: q.State, SHA256: q.DocumentSHA256,
		Action: fmt.Sprintf("%s/quotes/%d/accept", base, q.Number)}
	if q.State != StateWithdrawn {
		c.Document = template.HTML(q.document) // #nosec: rendered by html/template when sent
	}
	switch q.State {
	case StateSent:
		c.Acceptable = true
		c.StateText = fmt.Sprintf(t.Waiting, dateText(q.Language, q.ValidUntil))
	case StateAccepted:
		a := q.Acceptance
		c.StateText = fmt.Sprintf(t.Accepted, momentText(q.Language, a.At), a.Name, a.Title, a.Company)
	case StateExpired:
		c.StateText = fmt.Sprintf(t.Expired, dateText(q.Language, q.ValidUntil))
	case StateWithdrawn:
		c.StateText = fmt.Sprintf(t.Withdrawn, title)
	}
	return c
}

// roomQuotes answers the quotes the brand may see: every one sent.
func (s *Service) roomQuotes(ctx context.Context, dealID int64) ([]Quote, error) {
	return s.list(ctx, `WHERE deal_id = ? AND sent_at IS NOT NULL`, dealID)
}

// roomSection is the room page's section (rooms.AddSection): nothing
// until a quote is sent. ?quote=N&accepted=1 thanks the brand beside it.
func (s *Service) roomSection(ctx context.Context, v rooms.Visit) (template.HTML, error) {
	list, err := s.roomQuotes(ctx, v.Deal.ID)
	if err != nil || len(list) == 0 {
		return "", err
	}
	view := sectionView{T: roomTextsFor(v.Deal.Language)}
	for _, q := range list {
		c := card(q, v.Base)
		if v.Query.Get("accepted") == "1" && v.Query.Get("quote") == strconv.Itoa(q.Number) && q.State == StateAccepted {
			c.Notice = c.T.Thanks
		}
		view.Cards = append(view.Cards, c)
	}
	return execute(sectionTmpl, "section", view)
}

func execute(tmpl *template.Template, name string, data any) (template.HTML, error) {
	var b bytes.Buffer
	if err := tmpl.ExecuteTemplate(&b, name, data); err != nil {
		return "", err
	}
	return template.HTML(b.String()), nil // #nosec: escaped by html/template
}

// roomQuote reads the sent quote of the path's number, or answers the
// room's 404 page (a draft is not the brand's to see).
func (s *Service) roomQuote(r *http.Request, v rooms.Visit) (Quote, bool, error) {
	n, err := strconv.Atoi(r.PathValue("number"))
	if err != nil || n < 1 {
		return Quote{}, false, nil
	}
	q, err := s.byNumber(r.Context(), v.Deal.ID, n)
	if errors.Is(err, errNotFound) || (err == nil && q.State == StateDraft) {
		return Quote{}, false, nil
	}
	return q, err == nil, err
}

// quotePage answers GET /room/{token}/quotes/{number}: the quote alone, as
// the brand's e-mail links to it.
func (s *Service) quotePage(w http.ResponseWriter, r *http.Request, v rooms.Visit) error {
	q, ok, err := s.roomQuote(r, v)
	if err != nil {
		return err
	}
	if !ok {
		return rooms.NotFoundPage(w)
	}
	return s.renderCard(w, http.StatusOK, v, card(q, v.Base))
}

func (s *Service) renderCard(w http.ResponseWriter, status int, v rooms.Visit, c quoteCard) error {
	body, err := execute(sectionTmpl, "card", c)
	if err != nil {
		return err
	}
	return s.rooms.RenderPage(w, status, v, c.Title, body)
}

// maxAcceptBody caps the acceptance form: three fields of 200 characters
// of up to four bytes, percent-encoded, a hash and a checkbox.
const maxAcceptBody = 16 << 10

// postAccept answers POST /room/{token}/quotes/{number}/accept, a form of
// name, title, company, confirm and sha256: 303 to the room with thanks,
// or the quote's page again with the error (400, 409) and what was typed.
func (s *Service) postAccept(w http.ResponseWriter, r *http.Request, v rooms.Visit) error {
	q, ok, err := s.roomQuote(r, v)
	if err != nil {
		return err
	}
	if !ok {
		return rooms.NotFoundPage(w)
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxAcceptBody)
	var in AcceptForm
	if err := r.ParseForm(); err == nil {
		f := r.PostForm
		in = AcceptForm{Name: f.Get("name"), Title: f.Get("title"), Company: f.Get("company"),
			Confirmed: f.Get("confirm") == "yes", SHA256: f.Get("sha256")}
	}
	err = s.Accept(r.Context(), q, in, s.clientIP(r))
	var refused *refusal
	switch {
	case err == nil:
		http.Redirect(w, r, fmt.Sprintf("%s?quote=%d&accepted=1#quote-%d", v.Base, q.Number, q.Number), http.StatusSeeOther)
		return nil
	case errors.As(err, &refused):
		now, rerr := s.byNumber(r.Context(), v.Deal.ID, q.Number)
		if rerr != nil {
			return rerr
		}
		c := card(now, v.Base)
		c.Error, c.Typed = refused.message(roomTextsFor(q.Language)), in
		c.Typed.SHA256 = ""
		return s.renderCard(w, refused.status, v, c)
	}
	return err
}

// quoteLink is the address of a quote's page in the room of a link.
func quoteLink(roomURL string, number int) string {
	return roomURL + "/quotes/" + url.PathEscape(strconv.Itoa(number))
}
