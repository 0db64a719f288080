package rooms

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"github.com/ugcfolio/ugcfolio/internal/httpx"
	"github.com/ugcfolio/ugcfolio/internal/ratelimit"
)

// The brand's side of a room, under /room/<token> (no account): the page,
// an answer to a draft, a draft's media, an approved draft's final file
// and the printable licence summary. Each request opens the room again
// from its token (open): nothing is remembered in the browser, and a link
// revoked a second ago opens nothing.

// PublicRoutes answers the brand's routes; internal/httpapi registers them
// outside the admin guard (the token is the key) and outside the
// coming-soon gate (a brand has no gate pass). The token is a key, so
// every route whose path carries one is Redact.
func (s *Service) PublicRoutes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "GET /room/print.js", Handler: servePrintJS},
		{Pattern: "GET /room/{token}", Handler: s.roomPage, Redact: true},
		{Pattern: "POST /room/{token}/drafts/{draft}/answer", Handler: s.postAnswer, Redact: true},
		{Pattern: "GET /room/{token}/drafts/{draft}/media/{name}", Handler: s.roomMedia, Media: true, Redact: true},
		{Pattern: "GET /room/{token}/drafts/{draft}/final", Handler: s.roomFinal, Media: true, Redact: true},
		{Pattern: "GET /room/{token}/licences", Handler: s.licencesPage, Redact: true},
		{Pattern: "/room/", Handler: func(w http.ResponseWriter, r *http.Request) error { return notFoundPage(w, http.StatusNotFound) },
			Redact: true},
	}
}

// open checks a request's token: the room it opens, or errNotFound (429
// past the limit). The token is looked up before the limit is asked, and
// only a failed lookup spends one of the client address's tries: a right
// token is never refused, so a brand behind an address that sent wrong
// links (an office, a link checker, a scan) still opens her room, and a
// player's many range requests write nothing to the limit's table.
func (s *Service) open(r *http.Request) (access, error) {
	a, err := s.resolve(r.Context(), r.PathValue("token"))
	if !errors.Is(err, errNotFound) {
		return a, err
	}
	if _, err := s.limit.Attempt(r.Context(), s.clientKey(r)); err != nil {
		return access{}, err
	}
	return access{}, errNotFound
}

// pageError answers what open refused as a page: 404 or 429, saying
// nothing of any room; other errors go to httpapi (a 500).
func pageError(w http.ResponseWriter, err error) error {
	var limited *ratelimit.Error
	switch {
	case errors.Is(err, errNotFound):
		return notFoundPage(w, http.StatusNotFound)
	case errors.As(err, &limited):
		w.Header().Set("Retry-After", limited.RetryAfterSeconds())
		return notFoundPage(w, http.StatusTooManyRequests)
	}
	return err
}

func servePrintJS(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	_, err := w.Write(printJS)
	return err
}

// roomPage answers GET /room/{token}: the room in the deal's language.
// ?answered=approve|changes says thank you after an answer.
func (s *Service) roomPage(w http.ResponseWriter, r *http.Request) error {
	roomHeaders(w)
	a, err := s.open(r)
	if err != nil {
		return pageError(w, err)
	}
	s.opened(r.Context(), a.roomID)
	v, err := s.roomView(r, a)
	if err != nil {
		return err
	}
	notice := ""
	switch r.URL.Query().Get("answered") {
	case DecisionApprove:
		notice = v.T.ThanksApproved
	case DecisionChanges:
		notice = v.T.ThanksChanges
		if v.Mail {
			notice = v.T.ThanksChangesMail
		}
	}
	if notice != "" {
		id, _ := strconv.ParseInt(r.URL.Query().Get("draft"), 10, 64)
		if d := v.find(id); d != nil {
			d.Notice = notice // beside the video answered
		} else {
			v.Notice = notice
		}
	}
	return render(w, http.StatusOK, roomPageTmpl, v)
}

// roomView reads what the page shows.
func (s *Service) roomView(r *http.Request, a access) (roomView, error) {
	list, err := s.drafts(r.Context(), a.deal.ID)
	if err != nil {
		return roomView{}, err
	}
	assets, err := s.assets(r.Context(), list)
	if err != nil {
		return roomView{}, err
	}
	lics, err := s.licences(r.Context(), a.deal.ID)
	if err != nil {
		return roomView{}, err
	}
	base := "/room/" + r.PathValue("token")
	v := s.roomData(a, base, list, assets, lics)
	v.Creator = s.creatorOf(r.Context(), a.deal.Language)
	v.Mail = s.mailsBrand(a.deal)
	v.Sections, err = s.renderSections(r.Context(), Visit{Deal: a.deal, Base: base, Query: r.URL.Query()})
	return v, err
}

// maxAnswerBody caps an answer's form: a comment of MaxNote characters of
// up to four bytes each, percent-encoded, and the decision.
const maxAnswerBody = 40 << 10

// postAnswer answers POST /room/{token}/drafts/{draft}/answer, a form of
// decision (approve|changes) and comment: 303 to the room with thanks, or
// the room again with the error (400, 409) and the comment kept.
func (s *Service) postAnswer(w http.ResponseWriter, r *http.Request) error {
	roomHeaders(w)
	a, err := s.open(r)
	if err != nil {
		return pageError(w, err)
	}
	draftID, err := strconv.ParseInt(r.PathValue("draft"), 10, 64)
	if err != nil {
		return notFoundPage(w, http.StatusNotFound)
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxAnswerBody)
	var in Answer
	if err := r.ParseForm(); err != nil {
		in.Decision = "" // a body that is no form, or too long: asked again
	} else {
		in = Answer{Decision: r.PostForm.Get("decision"), Comment: r.PostForm.Get("comment")}
	}
	_, err = s.answer(r.Context(), a, draftID, in)
	var msg *errMsg
	switch {
	case err == nil:
		d, _ := s.draft(r.Context(), a.deal.ID, draftID)
		http.Redirect(w, r, fmt.Sprintf("/room/%s?answered=%s&draft=%d#video-%d", url.PathEscape(r.PathValue("token")),
			in.Decision, draftID, d.Deliverable), http.StatusSeeOther)
		return nil
	case errors.Is(err, errDraftNotFound):
		return notFoundPage(w, http.StatusNotFound)
	case errors.As(err, &msg):
		v, verr := s.roomView(r, a)
		if verr != nil {
			return verr
		}
		if d := v.find(draftID); d != nil && d.Answerable {
			d.Error, d.Typed = msg.msg(v.T), in.Comment // in its own form, the comment kept
		} else {
			v.Error = msg.msg(v.T) // an earlier version answered: the form is gone
		}
		return render(w, msg.status, roomPageTmpl, v)
	}
	return err
}

// find answers the newest version shown with this id (the one with a form).
func (v *roomView) find(draftID int64) *draftView {
	for i := range v.Items {
		if d := v.Items[i].Latest; d != nil && d.ID == draftID {
			return d
		}
	}
	return nil
}

// roomDraft opens the room and reads a draft of its deal (another deal's
// is not found).
func (s *Service) roomDraft(r *http.Request) (Draft, error) {
	a, err := s.open(r)
	if err != nil {
		return Draft{}, err
	}
	id, err := strconv.ParseInt(r.PathValue("draft"), 10, 64)
	if err != nil {
		return Draft{}, errNotFound
	}
	dr, err := s.draft(r.Context(), a.deal.ID, id)
	if errors.Is(err, errDraftNotFound) {
		return Draft{}, errNotFound
	}
	return dr, err
}

// roomMedia answers GET /room/{token}/drafts/{draft}/media/{name}: a file
// processing made of the draft (a poster, a rendition), or its original
// while this server processes no video. Range requests seek.
func (s *Service) roomMedia(w http.ResponseWriter, r *http.Request) error {
	roomHeaders(w)
	dr, err := s.roomDraft(r)
	if err != nil {
		return err
	}
	return s.serveDraftFile(w, r, dr, r.PathValue("name"), originalIfUnprocessed, false)
}

// roomFinal answers GET /room/{token}/drafts/{draft}/final: an approved
// draft's original, in full quality, as a download.
func (s *Service) roomFinal(w http.ResponseWriter, r *http.Request) error {
	roomHeaders(w)
	dr, err := s.roomDraft(r)
	if err != nil {
		return err
	}
	if dr.State != DraftApproved {
		return errNotFound
	}
	return s.serveDraftFile(w, r, dr, dr.storedName, originalAlways, true)
}
