package httpx

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

func TestDecodeJSON(t *testing.T) {
	type body struct {
		Name   string `json:"name"`
		Rating int    `json:"rating"`
	}
	cases := []struct {
		name, body, contentType string
		wantCode                apperr.Code
		wantMsg                 string
	}{
		{"ok", `{"name":"A","rating":5}`, "application/json", "", ""},
		{"ok with charset", `{"name":"A"}`, "application/json; charset=utf-8", "", ""},
		{"unknown field", `{"name":"A","isAdmin":true}`, "application/json", apperr.CodeInvalid, `Unknown field "isAdmin"`},
		{"wrong type", `{"rating":"five"}`, "application/json", apperr.CodeInvalid, `Field "rating" must be of type int`},
		{"not an object", `[1, 2]`, "application/json", apperr.CodeInvalid, "Request body must be a single JSON object"},
		{"not json", `name=A`, "application/json", apperr.CodeInvalid, "Request body is not valid JSON"},
		{"truncated", `{"name":`, "application/json", apperr.CodeInvalid, "Request body is not valid JSON"},
		{"empty", ``, "application/json", apperr.CodeInvalid, "Request body is empty"},
		{"two values", `{"name":"A"}{"name":"B"}`, "application/json", apperr.CodeInvalid, "Request body must be a single JSON object"},
		{"form post", `{"name":"A"}`, "application/x-www-form-urlencoded", apperr.CodeUnsupportedMedia, "Content-Type must be application/json"},
		{"NUL escaped", `{"name":"A\u0000B"}`, "application/json", apperr.CodeInvalid, `Field "name" contains a control character (U+0000); only tab and newline are allowed`},
		{"escape character", `{"name":"\u001b[31m"}`, "application/json", apperr.CodeInvalid, `Field "name" contains a control character (U+001B); only tab and newline are allowed`},
		{"raw DEL", "{\"name\":\"A\x7f\"}", "application/json", apperr.CodeInvalid, `Field "name" contains a control character (U+007F); only tab and newline are allowed`},
		{"carriage return", `{"name":"a\r\nb"}`, "application/json", apperr.CodeInvalid, `Field "name" contains a control character (U+000D); only tab and newline are allowed`},
		{"control in a key", `{"na\u0007me":"A"}`, "application/json", apperr.CodeInvalid, `Field "na\ame" contains a control character (U+0007); only tab and newline are allowed`},
		{"nested", `{"name":"A","rating":1,"x":{"y":["ok","\u0000"]}}`, "application/json", apperr.CodeInvalid, `Field "y" contains a control character (U+0000); only tab and newline are allowed`},
		{"invalid UTF-8", "{\"name\":\"\xff\xfe\"}", "application/json", apperr.CodeInvalid, "Request body is not valid UTF-8"},
		{"tab and newline pass", `{"name":"a\tb\nc æøå"}`, "application/json", "", ""},
		{"too large", `{"name":"` + strings.Repeat("x", MaxJSONBody) + `"}`, "application/json", apperr.CodeTooLarge, "Request body is too large (limit 1048576 bytes)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/", strings.NewReader(tc.body))
			r.Header.Set("Content-Type", tc.contentType)
			var b body
			err := DecodeJSON(httptest.NewRecorder(), r, &b)
			if tc.wantCode == "" {
				if err != nil {
					t.Fatalf("unexpected %v", err)
				}
				return
			}
			e, ok := apperr.As(err)
			if !ok || e.Code != tc.wantCode || e.Message != tc.wantMsg {
				t.Fatalf("got %v, want %s %q", err, tc.wantCode, tc.wantMsg)
			}
		})
	}
}

func TestStatus(t *testing.T) {
	for code, status := range map[apperr.Code]int{
		apperr.CodeInvalid: 400, apperr.CodeUnauthorized: 401, apperr.CodeForbidden: 403,
		apperr.CodeNotFound: 404, apperr.CodeConflict: 409, apperr.CodeTooLarge: 413,
		apperr.CodeUnsupportedMedia: 415, apperr.CodeRateLimited: 429,
	} {
		if got := Status(code); got != status {
			t.Errorf("%s: %d, want %d", code, got, status)
		}
	}
}

func TestPathID(t *testing.T) {
	for _, tc := range []struct {
		value string
		want  int64
		msg   string
	}{
		{"42", 42, ""},
		{"0", 0, `No deal with id "0"`},
		{"-3", 0, `No deal with id "-3"`},
		{"abc", 0, `No deal with id "abc"`},
		{"99999999999999999999", 0, `No deal with id "99999999999999999999"`},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.SetPathValue("id", tc.value)
		got, err := PathID(r, "id", "deal with id")
		if tc.msg == "" {
			if err != nil || got != tc.want {
				t.Errorf("%q: %d %v, want %d", tc.value, got, err, tc.want)
			}
			continue
		}
		if e, ok := apperr.As(err); !ok || e.Code != apperr.CodeNotFound || e.Message != tc.msg {
			t.Errorf("%q: %v, want 404 %q", tc.value, err, tc.msg)
		}
	}
}
