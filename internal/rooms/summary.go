package rooms

import (
	"fmt"
	"net/http"
	"net/url"

	"github.com/ugcfolio/ugcfolio/internal/deals"
)

// The licence summary: one printable page the brand can keep, with the
// usage rights of each of the deal's videos and the final file each
// applies to (print styles in templates/layout.html make it one A4 page).

type summaryView struct {
	T         texts
	Deal      deals.Deal
	Creator   Creator
	Base      string
	Licences  []licenceView
	Generated string
}

// licencesPage answers GET /room/{token}/licences.
func (s *Service) licencesPage(w http.ResponseWriter, r *http.Request) error {
	roomHeaders(w)
	a, err := s.open(r)
	if err != nil {
		return pageError(w, err)
	}
	lics, err := s.licences(r.Context(), a.deal.ID)
	if err != nil {
		return err
	}
	list, err := s.drafts(r.Context(), a.deal.ID)
	if err != nil {
		return err
	}
	t := textsFor(a.deal.Language)
	v := summaryView{T: t, Deal: a.deal, Creator: s.creatorOf(r.Context(), a.deal.Language), Base: "/room/" + r.PathValue("token"),
		Generated: fmt.Sprintf(t.Generated, momentText(t, s.now()), s.siteHost())}
	for _, l := range lics {
		lv := licenceData(t, l)
		if dr, ok := finalOf(list, l.Deliverable); ok {
			lv.Final = fmt.Sprintf(t.Version, dr.Version) + " · " + downloadName(dr)
		}
		v.Licences = append(v.Licences, lv)
	}
	return render(w, http.StatusOK, licencesPageTmpl, v)
}

// siteHost is the site's name in the summary's footer ("ugcfolio.no").
func (s *Service) siteHost() string {
	if u, err := url.Parse(s.siteURL); err == nil && u.Host != "" {
		return u.Host
	}
	return s.siteURL
}

// finalOf answers the newest approved draft of a video.
func finalOf(list []Draft, deliverable int) (Draft, bool) {
	for _, dr := range list { // newest version first
		if dr.Deliverable == deliverable && dr.State == DraftApproved {
			return dr, true
		}
	}
	return Draft{}, false
}
