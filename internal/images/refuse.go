package images

import (
	"bytes"
	"fmt"
	"path"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

// formatNames are the formats as the creator knows them, for messages.
var formatNames = map[Format]string{JPEG: "JPEG", PNG: "PNG", WebP: "WebP", HEIC: "HEIC"}

// detailed is a photo's failure told in detail (with its format, or the
// memory it needs): errors.Is finds the general error it is a case of
// (ErrDamaged, ErrTooMuchMemory), apperr.As finds the detailed message.
type detailed struct {
	msg  *apperr.Error
	kind error
}

func (e detailed) Error() string   { return e.msg.Error() }
func (e detailed) Unwrap() []error { return []error{e.msg, e.kind} }

// damaged is ErrDamaged for a file of format f: the screen that shows the
// failure says which file type could not be read, and why.
func damaged(f Format) error {
	msg := apperr.Invalid("%s-bildet er skadet eller ufullstendig og kan ikke leses.", formatNames[f])
	return detailed{msg, ErrDamaged}
}

// damagedBecause is damaged(f) that also carries why (a decoder's own
// message), for the job's log; the creator is shown the same message.
func damagedBecause(f Format, cause error) error {
	d := damaged(f).(detailed)
	d.kind = fmt.Errorf("%w (%w)", ErrDamaged, cause)
	return d
}

// taken lists the formats accepted, for the messages that refuse others.
const taken = "Last opp bildet som JPEG, PNG, WebP eller HEIC."

// untaken are photo formats a creator may well pick (a phone's ProRAW, a
// camera's raw file, a GIF) that we do not take, by signature and by the
// extensions their files carry.
var untaken = []struct {
	name  string
	magic [][]byte
	exts  []string
	types []string
}{
	// DNG (Apple ProRAW) and most camera raw files are TIFF inside.
	{"DNG-, TIFF- og RAW-filer (som Apple ProRAW)", [][]byte{[]byte("II*\x00"), []byte("MM\x00*")},
		[]string{".dng", ".tif", ".tiff", ".nef", ".arw", ".cr2", ".orf", ".rw2", ".pef", ".srw", ".raf"},
		[]string{"image/x-adobe-dng", "image/dng", "image/tiff", "image/x-nikon-nef", "image/x-sony-arw", "image/x-canon-cr2"}},
	{"RAW-filer (CR3)", [][]byte{[]byte("\x00\x00\x00\x18ftypcrx ")}, []string{".cr3"}, []string{"image/x-canon-cr3"}},
	{"AVIF-filer", [][]byte{[]byte("ftypavif"), []byte("ftypavis")}, []string{".avif"}, []string{"image/avif"}},
	{"GIF-filer", [][]byte{[]byte("GIF87a"), []byte("GIF89a")}, []string{".gif"}, []string{"image/gif"}},
	{"BMP-filer", [][]byte{[]byte("BM")}, []string{".bmp"}, []string{"image/bmp"}},
	{"JPEG XL-filer", [][]byte{{0xFF, 0x0A}, []byte("\x00\x00\x00\x0cJXL ")}, []string{".jxl"}, []string{"image/jxl"}},
}

func untakenError(name string) error {
	return apperr.New(apperr.CodeUnsupportedMedia, "%s tas ikke imot. %s", name, taken)
}

// RefuseUntaken names the photo format of a file we do not take, by its
// first bytes, as an error that says which formats we take; nil when the
// bytes are none of them.
func RefuseUntaken(head []byte) error {
	for _, u := range untaken {
		for _, m := range u.magic {
			// An ftyp signature sits after the box's size.
			if bytes.HasPrefix(head, m) || (bytes.HasPrefix(m, []byte("ftyp")) && len(head) >= 4 && bytes.HasPrefix(head[4:], m)) {
				return untakenError(u.name)
			}
		}
	}
	return nil
}

// RefuseDeclared refuses, before a byte is sent, a photo whose name or
// declared type is a format we do not take (a ProRAW photo is 25 to 75
// MB: better said at once than after the upload). It only refuses; what
// is accepted is still decided by the bytes.
func RefuseDeclared(fileName, fileType string) error {
	ext := strings.ToLower(path.Ext(fileName))
	typ := strings.ToLower(strings.TrimSpace(fileType))
	for _, u := range untaken {
		for _, e := range u.exts {
			if ext == e {
				return untakenError(u.name)
			}
		}
		for _, t := range u.types {
			if typ == t {
				return untakenError(u.name)
			}
		}
	}
	return nil
}
