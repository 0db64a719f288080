// The small XML writer the EHF is written with: elements opened and
// closed in order, escaped text, optional leaves, amounts with their
// currency.

package document

import (
	"bytes"
	"encoding/xml"
	"strings"
)

// xmlWriter builds indented XML text; elements are written in the order
// the caller gives, which is the schema's.
type xmlWriter struct {
	b     bytes.Buffer
	depth int
}

func (w *xmlWriter) start(name string, attrs []string) {
	w.b.WriteString(strings.Repeat("\t", w.depth))
	w.b.WriteString("<" + name)
	for i := 0; i+1 < len(attrs); i += 2 {
		w.b.WriteString(" " + attrs[i] + `="`)
		_ = xml.EscapeText(&w.b, []byte(attrs[i+1])) // a bytes.Buffer does not fail
		w.b.WriteString(`"`)
	}
	w.b.WriteString(">")
}

// open starts an element holding others; attrs are name, value pairs.
func (w *xmlWriter) open(name string, attrs ...string) {
	w.start(name, attrs)
	w.b.WriteString("\n")
	w.depth++
}

func (w *xmlWriter) close(name string) {
	w.depth--
	w.b.WriteString(strings.Repeat("\t", w.depth) + "</" + name + ">\n")
}

// leaf writes an element holding text.
func (w *xmlWriter) leaf(name, text string, attrs ...string) {
	w.start(name, attrs)
	_ = xml.EscapeText(&w.b, []byte(text))
	w.b.WriteString("</" + name + ">\n")
}

// optional writes a leaf only when it has text.
func (w *xmlWriter) optional(name, text string) {
	if text != "" {
		w.leaf(name, text)
	}
}

func (w *xmlWriter) money(name string, minor int64, currency string) {
	w.leaf(name, decimal(minor), "currencyID", currency)
}
