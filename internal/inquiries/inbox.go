package inquiries

import (
	"encoding/csv"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/httpx"
	"github.com/ugcfolio/ugcfolio/internal/mail"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// The creator's inbox: the list, marking read, deleting, the e-mail of each
// inquiry, and the CSV export.

// The admin's inquiry list comes in pages: SPEC.md's call answers the
// newest inquiriesPage of them, and ?before=ID&limit=N (N up to
// maxInquiriesPage) the ones after; a Link header names the next page while
// there is one. A creator's inbox fits one page for years; 6,758 inquiries
// no longer make one unbounded answer.
const (
	inquiriesPage    = 500
	maxInquiriesPage = 1000
)

// listInquiries answers GET /api/admin/contact: a page of inquiries, newest
// first.
func (a *API) listInquiries(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	before, limit, err := inquiryPageParams(r)
	if err != nil {
		return err
	}
	list, err := a.d.Store.ListInquiriesPage(r.Context(), before, limit+1)
	if err != nil {
		return err
	}
	if len(list) > limit {
		list = list[:limit]
		next := fmt.Sprintf("/api/admin/contact?before=%d&limit=%d", list[limit-1].ID, limit)
		w.Header().Set("Link", "<"+next+`>; rel="next"`)
	}
	withLinks, err := a.d.Annotate(r.Context(), list)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, withLinks)
}

// inquiryPageParams reads ?before (an inquiry id) and ?limit.
func inquiryPageParams(r *http.Request) (before int64, limit int, err error) {
	q := r.URL.Query()
	limit = inquiriesPage
	if v := q.Get("limit"); v != "" {
		if limit, err = strconv.Atoi(v); err != nil || limit < 1 || limit > maxInquiriesPage {
			return 0, 0, apperr.Invalid("limit must be a whole number from 1 to %d", maxInquiriesPage)
		}
	}
	if v := q.Get("before"); v != "" {
		if before, err = strconv.ParseInt(v, 10, 64); err != nil || before < 1 {
			return 0, 0, apperr.Invalid("before must be an inquiry id")
		}
	}
	return before, limit, nil
}

// inquiryPatch is the body of PATCH /api/admin/contact/{id}: the one field
// of an inquiry the admin changes.
type inquiryPatch struct {
	IsRead *bool `json:"isRead"`
}

// patchInquiry answers PATCH /api/admin/contact/{id} with the inquiry:
// {"isRead": true} marks it read (again: no change), {} changes nothing, and
// nothing marks it unread.
func (a *API) patchInquiry(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	var body inquiryPatch
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		return err
	}
	var inq store.Inquiry
	switch {
	case body.IsRead == nil:
		inq, err = a.d.Store.GetInquiry(r.Context(), id)
	case !*body.IsRead:
		return apperr.Invalid("An inquiry cannot be marked unread")
	default:
		inq, err = a.d.Store.MarkInquiryRead(r.Context(), id)
	}
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, inq)
}

// markInquiryRead answers PUT /api/admin/contact/{id}/read, SPEC.md's call
// for what PATCH {"isRead": true} does, with the inquiry, now read. A body
// is ignored.
func (a *API) markInquiryRead(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	inq, err := a.d.Store.MarkInquiryRead(r.Context(), id)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, inq)
}

// deleteInquiry answers DELETE /api/admin/contact/{id} with 204.
func (a *API) deleteInquiry(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	if err := a.d.Store.DeleteInquiry(r.Context(), id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// MailState is the answer of GET /api/admin/contact/mail: whether e-mail
// is on, and the notification's delivery of each inquiry that has one.
type MailState struct {
	Enabled    bool                     `json:"enabled"`
	AutoReply  bool                     `json:"autoReply"`
	Deliveries map[string]mail.Delivery `json:"deliveries"` // by inquiry id
}

// inquiryMail answers GET /api/admin/contact/mail.
func (a *API) inquiryMail(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	out := MailState{Enabled: a.d.Mail.Enabled(), AutoReply: a.d.Mail.Enabled() && a.d.AutoReply, Deliveries: map[string]mail.Delivery{}}
	if out.Enabled {
		list, err := a.d.Store.ListInquiries(r.Context())
		if err != nil {
			return err
		}
		ids := make([]int64, len(list))
		for i, inq := range list {
			ids[i] = inq.ID
		}
		found, err := a.d.Mail.Deliveries(r.Context(), ids)
		if err != nil {
			return err
		}
		for id, d := range found {
			out.Deliveries[strconv.FormatInt(id, 10)] = d
		}
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}

// resendInquiryMail answers POST /api/admin/contact/{id}/mail: the
// notification is sent again now; the answer is its delivery state.
func (a *API) resendInquiryMail(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	d, err := a.d.Mail.Resend(r.Context(), id)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, d)
}

// exportInquiries answers GET /api/admin/contact/export.csv: every
// inquiry, newest first, as CSV for a spreadsheet. UTF-8 with a byte-order
// mark (Excel reads æøå only then), semicolons between fields (what Excel
// expects in Norwegian), and every cell that a spreadsheet would run as a
// formula made plain text.
func (a *API) exportInquiries(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	list, err := a.d.Store.ListInquiries(r.Context())
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="henvendelser-`+a.d.Now().Format("2006-01-02")+`.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	w.Write([]byte("\uFEFF"))
	cw := csv.NewWriter(w)
	cw.Comma = ';'
	cw.UseCRLF = true
	cw.Write([]string{"id", "created", "name", "email", "company", "service", "language", "read", "message"})
	for _, inq := range list {
		read := "no"
		if inq.IsRead {
			read = "yes"
		}
		cw.Write([]string{strconv.FormatInt(inq.ID, 10), inq.CreatedAt.UTC().Format(time.RFC3339),
			csvCell(inq.Name), csvCell(inq.Email), csvCell(inq.Company), csvCell(inq.Service), inq.Language, read, csvCell(inq.Message)})
	}
	cw.Flush()
	return cw.Error()
}

// csvCell neutralises a cell a spreadsheet would read as a formula (OWASP
// "CSV injection"): one starting with = + - @ or a tab or carriage return
// gets a leading apostrophe, so it shows as the text it is.
func csvCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
