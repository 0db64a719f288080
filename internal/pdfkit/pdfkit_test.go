package pdfkit

import (
	"bytes"
	"strings"
	"testing"
)

// draw makes a one-page document with s on it in font.
func draw(t *testing.T, font Font, s string) ([]byte, error) {
	t.Helper()
	d, err := New("Title", "Author", Regular, Bold)
	if err != nil {
		t.Fatal(err)
	}
	d.AddPage()
	d.Rect(0, 0, A4Width, 6, Color{241, 243, 245})
	d.Text(50, 50, font, 12, Color{33, 37, 41}, s)
	d.TextRight(A4Width-50, 50, Regular, 9, Color{108, 117, 125}, "Side 1")
	d.Line(50, 70, A4Width-50, 70, 0.5, Color{206, 212, 218})
	return d.Bytes()
}

func TestSameDrawingSameBytes(t *testing.T) {
	first, err := draw(t, Bold, "Brødrene Æsøy AS")
	if err != nil {
		t.Fatal(err)
	}
	again, err := draw(t, Bold, "Brødrene Æsøy AS")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(first, []byte("%PDF-")) || !bytes.Equal(first, again) {
		t.Fatal("not a PDF, or not the same bytes twice")
	}
}

// A drawing error (here a font the document did not embed) is kept and
// answered by Bytes; what follows it draws nothing.
func TestDrawingErrorIsKept(t *testing.T) {
	if _, err := draw(t, Italic, "Brødrene Æsøy AS"); err == nil {
		t.Fatal("a font not embedded drew")
	}
}

func TestWrap(t *testing.T) {
	d, err := New("", "", Regular)
	if err != nil {
		t.Fatal(err)
	}
	d.AddPage()
	lines := d.Wrap("UGC-video 15 s med tekst på skjermen, levert i 9:16 og 1:1", 100, Regular, 9)
	if len(lines) < 2 || strings.Join(lines, " ") != "UGC-video 15 s med tekst på skjermen, levert i 9:16 og 1:1" {
		t.Errorf("wrapped into %q", lines)
	}
	for _, l := range lines {
		if w := d.Width(l, Regular, 9); w > 100 {
			t.Errorf("%q is %.1f pt wide, over 100", l, w)
		}
	}
	if got := d.Wrap("", 100, Regular, 9); len(got) != 1 || got[0] != "" {
		t.Errorf("empty text wrapped into %q", got)
	}
}
