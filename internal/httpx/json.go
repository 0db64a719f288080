package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

// MaxJSONBody caps every JSON request body.
const MaxJSONBody = 1 << 20

// ErrBodyTooSlow answers a request whose body did not arrive within the
// read deadline the host set for it (408).
var ErrBodyTooSlow = apperr.New(apperr.CodeTimeout, "The request body arrived too slowly")

// WriteJSON answers v as JSON with the given status, never kept by a cache
// (an admin's change shows at once).
func WriteJSON(w http.ResponseWriter, status int, v any) error {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	return json.NewEncoder(w).Encode(v)
}

// DecodeJSON reads the request body into dst: JSON only, at most
// MaxJSONBody bytes, valid UTF-8 with no control characters in any key or
// string but tab and newline (checkJSONText), no unknown fields, nothing
// after the value. Every text the API stores arrives here, so the rule holds
// on both databases (PostgreSQL refuses a NUL byte; SQLite would keep it).
func DecodeJSON(w http.ResponseWriter, r *http.Request, dst any) error {
	ct := r.Header.Get("Content-Type")
	if ct != "" && !strings.HasPrefix(ct, "application/json") {
		return apperr.New(apperr.CodeUnsupportedMedia, "Content-Type must be application/json")
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxJSONBody))
	if err != nil {
		return jsonError(err)
	}
	if err := checkJSONText(body); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return jsonError(err)
	}
	if dec.More() {
		return apperr.Invalid("Request body must be a single JSON object")
	}
	if _, err := dec.Token(); err != io.EOF {
		return apperr.Invalid("Request body must be a single JSON object")
	}
	return nil
}

// checkJSONText refuses a body that is not valid UTF-8 (encoding/json would
// silently replace the bad bytes) or whose keys or strings hold a control
// character other than tab and newline, naming the field it is in. Bodies
// that are not JSON at all are left for the decoder to refuse.
func checkJSONText(body []byte) error {
	if !utf8.Valid(body) {
		return apperr.Invalid("Request body is not valid UTF-8")
	}
	var v any
	if json.Unmarshal(body, &v) != nil {
		return nil
	}
	return checkText("body", v)
}

// checkText walks a decoded JSON value; field is the key v was found under.
func checkText(field string, v any) error {
	switch v := v.(type) {
	case string:
		if i := strings.IndexFunc(v, forbiddenControl); i >= 0 {
			r, _ := utf8.DecodeRuneInString(v[i:])
			return apperr.Invalid("Field %q contains a control character (U+%04X); only tab and newline are allowed", field, r)
		}
	case map[string]any:
		for k, item := range v {
			if err := checkText(k, k); err != nil {
				return err
			}
			if err := checkText(k, item); err != nil {
				return err
			}
		}
	case []any:
		for _, item := range v {
			if err := checkText(field, item); err != nil {
				return err
			}
		}
	}
	return nil
}

// forbiddenControl is a control character other than tab and newline
// (C0, DEL and C1).
func forbiddenControl(r rune) bool {
	return r != '\t' && r != '\n' && unicode.IsControl(r)
}

// jsonError turns a decoding failure into a message a client can act on.
func jsonError(err error) error {
	var syntax *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	var tooLarge *http.MaxBytesError
	switch {
	case errors.Is(err, os.ErrDeadlineExceeded):
		return ErrBodyTooSlow
	case errors.As(err, &tooLarge):
		return apperr.New(apperr.CodeTooLarge, "Request body is too large (limit %d bytes)", tooLarge.Limit)
	case errors.Is(err, io.EOF):
		return apperr.Invalid("Request body is empty")
	case errors.As(err, &syntax), errors.Is(err, io.ErrUnexpectedEOF):
		return apperr.Invalid("Request body is not valid JSON")
	case errors.As(err, &typeErr) && typeErr.Field == "":
		// The body itself is not an object (an array, a number): no field
		// to name, and the Go type behind it means nothing to a client.
		return apperr.Invalid("Request body must be a single JSON object")
	case errors.As(err, &typeErr):
		return apperr.Invalid("Field %q must be of type %s", jsonFieldPath(typeErr.Field), typeErr.Type.String())
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return apperr.Invalid("Unknown field %s", strings.TrimPrefix(err.Error(), "json: unknown field "))
	}
	return apperr.Invalid("Request body is not valid JSON")
}

// jsonFieldPath drops the Go names of embedded structs from a decoding
// error's field path ("PortfolioInput.featured" is the JSON field
// "featured"): our JSON names start in lower case, Go's type names do not.
func jsonFieldPath(path string) string {
	parts := strings.Split(path, ".")
	for len(parts) > 1 && parts[0] != "" && unicode.IsUpper(rune(parts[0][0])) {
		parts = parts[1:]
	}
	return strings.Join(parts, ".")
}

// WriteCachedJSON answers with a JSON body encoded before (a visitor list
// kept by the host's public cache); it is never kept by a browser's cache,
// so an admin's change shows at once.
func WriteCachedJSON(w http.ResponseWriter, body []byte) error {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, err := w.Write(body)
	return err
}
