package smtptest

// What the server received, decoded: the envelope, the headers and the text
// and HTML parts, so that a test reads a message as its recipient would.

import (
	"bytes"
	"encoding/base64"
	"io"
	"mime"
	"mime/multipart"
	"net/mail"
	"strings"
)

// Message is one message the server accepted.
type Message struct {
	From   string   // envelope sender
	To     []string // envelope recipients
	Raw    []byte
	Header mail.Header
	Text   string // the text/plain part, decoded, with LF line ends
	HTML   string // the text/html part, decoded, with LF line ends
	// Attachments are the parts sent as attachments, decoded, in order.
	Attachments []Attachment
}

// Attachment is a file a message carried.
type Attachment struct {
	Name        string // its file name
	ContentType string // its media type, without parameters
	Data        []byte
}

// header is what walk reads of a message's or a part's headers.
type header interface{ Get(key string) string }

// Subject is the decoded Subject header.
func (m Message) Subject() string {
	s, err := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
	if err != nil {
		return m.Header.Get("Subject")
	}
	return s
}

// parse reads the headers and the text and HTML parts of a message.
func parse(raw []byte) (Message, error) {
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return Message{}, err
	}
	m := Message{Raw: raw, Header: msg.Header}
	err = walk(msg.Header, msg.Body, &m)
	return m, err
}

func walk(h header, body io.Reader, m *Message) error {
	mt, params, err := mime.ParseMediaType(h.Get("Content-Type"))
	if err != nil {
		return err
	}
	if strings.HasPrefix(mt, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			if err := walk(p.Header, p, m); err != nil {
				return err
			}
		}
	}
	// multipart decodes quoted-printable parts itself; base64 is ours.
	if strings.EqualFold(h.Get("Content-Transfer-Encoding"), "base64") {
		body = base64.NewDecoder(base64.StdEncoding, body)
	}
	b, err := io.ReadAll(body)
	if err != nil {
		return err
	}
	if disposition, dp, err := mime.ParseMediaType(h.Get("Content-Disposition")); err == nil && disposition == "attachment" {
		m.Attachments = append(m.Attachments, Attachment{Name: dp["filename"], ContentType: mt, Data: b})
		return nil
	}
	text := strings.ReplaceAll(string(b), "\r\n", "\n") // lines travel as CRLF
	switch mt {
	case "text/plain":
		m.Text = text
	case "text/html":
		m.HTML = text
	}
	return nil
}
