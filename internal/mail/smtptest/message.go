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
}

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
	err = walk(msg.Header.Get("Content-Type"), msg.Header.Get("Content-Transfer-Encoding"), msg.Body, &m)
	return m, err
}

func walk(contentType, encoding string, body io.Reader, m *Message) error {
	mt, params, err := mime.ParseMediaType(contentType)
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
			if err := walk(p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p, m); err != nil {
				return err
			}
		}
	}
	// multipart decodes quoted-printable parts itself; base64 is ours.
	if strings.EqualFold(encoding, "base64") {
		body = base64.NewDecoder(base64.StdEncoding, body)
	}
	b, err := io.ReadAll(body)
	if err != nil {
		return err
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
