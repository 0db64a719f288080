// Command smtptest runs internal/mail/smtptest's SMTP server (STARTTLS,
// AUTH PLAIN) on loopback for the browser tests, which cannot start it
// from Go: it prints one JSON line with the SMTP URL, the CA file to trust
// (SSL_CERT_FILE) and an HTTP address whose GET /messages lists what
// arrived. It runs until killed. `make tools` builds it into .tools/.
package main

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/ugcfolio/ugcfolio/internal/mail/smtptest"
)

type message struct {
	From    string   `json:"from"`
	To      []string `json:"to"`
	Subject string   `json:"subject"`
	ReplyTo string   `json:"replyTo"`
	Text    string   `json:"text"`
	// Attachments are the files the message carried, decoded (an invoice's
	// PDF and EHF): a test reads them as the brand would.
	Attachments []attachment `json:"attachments"`
}

// attachment is one file of a message; Data is base64 in the JSON.
type attachment struct {
	Name        string `json:"name"`
	ContentType string `json:"contentType"`
	Data        []byte `json:"data"`
}

func main() {
	dir, err := os.MkdirTemp("", "smtptest-")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(dir)
	srv, err := smtptest.Listen(dir)
	if err != nil {
		fail(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fail(err)
	}
	http.HandleFunc("GET /messages", func(w http.ResponseWriter, r *http.Request) {
		out := []message{}
		for _, m := range srv.Messages() {
			files := []attachment{}
			for _, a := range m.Attachments {
				files = append(files, attachment{Name: a.Name, ContentType: a.ContentType, Data: a.Data})
			}
			out = append(out, message{From: m.From, To: m.To, Subject: m.Subject(), ReplyTo: m.Header.Get("Reply-To"),
				Text: m.Text, Attachments: files})
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(out)
	})
	json.NewEncoder(os.Stdout).Encode(map[string]string{
		"smtpUrl": srv.URL(), "caFile": srv.CAFile(), "api": "http://" + ln.Addr().String(),
	})
	go func() { fail(http.Serve(ln, nil)) }()
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
	<-stop
	srv.Stop()
	os.RemoveAll(dir)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "smtptest:", strings.TrimSpace(err.Error()))
	os.Exit(1)
}
