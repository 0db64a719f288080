package images

import (
	"errors"
	"image"
	"os"
	"testing"
)

// RefuseOversized refuses, from the first bytes of a file, only what its
// header proves too large; a header it cannot read whole is left to the
// photo job. Unusable names every error of the photo's own.
func TestRefuseOversized(t *testing.T) {
	heic, err := os.ReadFile("testdata/testsrc2-128x96.heic")
	if err != nil {
		t.Fatal(err)
	}
	jpeg := encodeJPEG(t, image.NewRGBA(image.Rect(0, 0, 64, 48)))
	for _, c := range []struct {
		name string
		head []byte
		want error
	}{
		{"16-bit 49 MP PNG", pngWithDepth(7000, 7000, 16), ErrTooMuchMemory},
		{"16-bit PNG just over the memory limit", pngWithDepth(5121, 5120, 16), ErrTooMuchMemory},
		{"16-bit PNG at the memory limit", pngWithDepth(5120, 5120, 16), nil},
		{"900 MP PNG", pngWithHeader(30000, 30000), ErrTooMany},
		{"48 MP PNG", pngWithHeader(8064, 6048), nil},
		{"JPEG", jpeg, nil},
		{"the first bytes of a JPEG", jpeg[:100], nil},
		{"HEIC", heic, nil},
		{"not an image", []byte("hei"), nil},
	} {
		err := RefuseOversized(c.head)
		if !errors.Is(err, c.want) || (c.want == nil && err != nil) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
		if err != nil && !Unusable(err) {
			t.Errorf("%s: %v is not Unusable", c.name, err)
		}
	}
	for _, err := range []error{ErrNotImage, damaged(JPEG), ErrTooLarge, ErrTooMany} {
		if !Unusable(err) {
			t.Errorf("%v is not Unusable", err)
		}
	}
	if Unusable(errors.New("disk full")) {
		t.Error("a failure of the server is Unusable")
	}
}
