package httpapi

import (
	"encoding/csv"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/mail"
)

// mailState is the answer of GET /api/admin/contact/mail: whether e-mail
// is on, and the notification's delivery of each inquiry that has one.
type mailState struct {
	Enabled    bool                     `json:"enabled"`
	AutoReply  bool                     `json:"autoReply"`
	Deliveries map[string]mail.Delivery `json:"deliveries"` // by inquiry id
}

// inquiryMail answers GET /api/admin/contact/mail.
func (s *Server) inquiryMail(w http.ResponseWriter, r *http.Request) error {
	out := mailState{Enabled: s.mail.Enabled(), AutoReply: s.mail.Enabled() && s.cfg.Mail.AutoReply, Deliveries: map[string]mail.Delivery{}}
	if out.Enabled {
		list, err := s.store.ListInquiries(r.Context())
		if err != nil {
			return err
		}
		ids := make([]int64, len(list))
		for i, inq := range list {
			ids[i] = inq.ID
		}
		found, err := s.mail.Deliveries(r.Context(), ids)
		if err != nil {
			return err
		}
		for id, d := range found {
			out.Deliveries[strconv.FormatInt(id, 10)] = d
		}
	}
	return writeJSON(w, http.StatusOK, out)
}

// resendInquiryMail answers POST /api/admin/contact/{id}/mail: the
// notification is sent again now; the answer is its delivery state.
func (s *Server) resendInquiryMail(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	d, err := s.mail.Resend(r.Context(), id)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, d)
}

// exportInquiries answers GET /api/admin/contact/export.csv: every
// inquiry, newest first, as CSV for a spreadsheet. UTF-8 with a byte-order
// mark (Excel reads æøå only then), semicolons between fields (what Excel
// expects in Norwegian), and every cell that a spreadsheet would run as a
// formula made plain text.
func (s *Server) exportInquiries(w http.ResponseWriter, r *http.Request) error {
	list, err := s.store.ListInquiries(r.Context())
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="henvendelser-`+s.now().Format("2006-01-02")+`.csv"`)
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
