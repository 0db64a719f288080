package httpx

import (
	"net/http"
	"strconv"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/lang"
)

// PathID reads the path value name (such as {id}) as a positive whole
// number. Anything else names nothing: a 404 "No <what> "<value>"" (what
// is "deal with id", "draft"…).
func PathID(r *http.Request, name, what string) (int64, error) {
	v := r.PathValue(name)
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id <= 0 {
		return 0, apperr.NotFound("No %s %q", what, v)
	}
	return id, nil
}

// PathLanguage reads {lang}, which must be one of the site's languages.
func PathLanguage(r *http.Request) (string, error) {
	l := r.PathValue("lang")
	if !lang.Valid(l) {
		return "", apperr.Invalid("Language must be %s", lang.Or("%q"))
	}
	return l, nil
}
