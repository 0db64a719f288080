package images

import (
	"context"
	"errors"
	"image"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// realHEIFDecoder is libheif's decoder program as found on PATH when the
// tests start (heif-dec, or heif-convert before libheif 1.17).
var realHEIFDecoder = func() string {
	for _, name := range heifDecoders {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}()

// onBothPaths runs body with the native decoder and with the embedded
// one. Natively, a spy first on PATH, named heif-dec, records each run's
// environment and runs the real program: the subtest fails if no photo
// went through it. Embedded, PATH holds nothing at all.
func onBothPaths(t *testing.T, body func(t *testing.T)) {
	t.Helper()
	t.Run("native", func(t *testing.T) {
		runs := spyOnDecoder(t)
		body(t)
		if len(runs()) == 0 {
			t.Error("the native decoder never ran")
		}
	})
	t.Run("embedded", func(t *testing.T) {
		t.Setenv("PATH", t.TempDir())
		body(t)
	})
}

// spyOnDecoder puts a heif-dec first on PATH that appends the environment
// it was given to a file, then runs the real decoder; runs returns one
// environment (its lines) per run so far.
func spyOnDecoder(t *testing.T) (runs func() [][]string) {
	t.Helper()
	if realHEIFDecoder == "" {
		t.Fatal("these tests run libheif's heif-dec or heif-convert (apt-get install libheif-examples; make test-go does)")
	}
	bin, dump := t.TempDir(), filepath.Join(t.TempDir(), "environments")
	script := "#!/bin/sh\n{ echo '--- run'; /usr/bin/env; } >> '" + dump + "'\nexec '" + realHEIFDecoder + "' \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "heif-dec"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	return func() [][]string {
		b, _ := os.ReadFile(dump)
		var out [][]string
		for _, run := range strings.Split(string(b), "--- run\n")[1:] {
			out = append(out, strings.Split(strings.TrimSpace(run), "\n"))
		}
		return out
	}
}

// TestHEICDecodersAgree: both decoders give the picture that was
// encoded, within what coding loses. The native decoder's every pixel is
// within a few levels of the source (whose noise is ±8); the embedded one
// (gen2brain/heic 0.4.5, libheif 1.18 and libde265 1.0.15 in WebAssembly)
// gets about 1 % of this file's pixels wrong by up to 165 levels in a
// channel (blocks of luma decoded wrong), so for it only the mean is held.
func TestHEICDecodersAgree(t *testing.T) {
	source := quadrants(640, 480, false)
	src := heifEnc(t, "640x480", func() []byte { return encodePNG(t, source) }, ".png")
	native, embedded := decodeBoth(t, src)
	for name, m := range map[string]image.Image{"native": native, "embedded": embedded} {
		if b := m.Bounds(); b != source.Bounds() {
			t.Fatalf("%s: %v, want %v", name, b, source.Bounds())
		}
	}
	same := func(x, y int) (int, int) { return x, y }
	nWorst, nMean := differences(native, source, same)
	eWorst, eMean := differences(embedded, source, same)
	t.Logf("against the source: native worst %d mean %.2f; embedded worst %d mean %.2f", nWorst, nMean, eWorst, eMean)
	if nWorst > 16 {
		t.Errorf("the native decoder's pixels differ from the source by up to %d levels, want at most 16", nWorst)
	}
	if eMean > 4 {
		t.Errorf("the embedded decoder's pixels differ from the source by %.2f levels on average, want at most 4", eMean)
	}
}

// TestNativeHEICTurnedExactly: with irot (a quarter turn anticlockwise)
// the native decoder's picture is the unturned one turned, pixel for
// pixel. The embedded decoder's difference (see TestHEICDecodersAgree) is
// logged, not asserted.
func TestNativeHEICTurnedExactly(t *testing.T) {
	plain := heifEnc(t, "640x480", func() []byte { return encodePNG(t, quadrants(640, 480, false)) }, ".png")
	upright, _ := decodeBoth(t, plain)
	native, embedded := decodeBoth(t, withProps(t, plain, irot(1)))
	if b := native.Bounds(); b.Dx() != 480 || b.Dy() != 640 {
		t.Fatalf("native %v, want 480x640", b)
	}
	turned := func(x, y int) (int, int) { return 639 - y, x } // where (x, y) of the turned picture was
	if d, _ := differences(native, upright, turned); d > 2 {
		t.Errorf("the turned picture differs from the picture turned by up to %d levels, want at most 2", d)
	}
	worst, _ := differences(embedded, upright, turned)
	t.Logf("the embedded decoder's turned picture differs by up to %d levels", worst)
}

// decodeBoth decodes src with the native decoder (which must run, once)
// and with the embedded one.
func decodeBoth(t *testing.T, src []byte) (native, embedded image.Image) {
	t.Helper()
	decodeWith := func(t *testing.T) image.Image {
		img, o, err := decode(context.Background(), HEIC, src)
		if err != nil {
			t.Fatal(err)
		}
		if o != 1 {
			t.Fatalf("decoded with orientation %d left to apply, want 1 (libheif turns it)", o)
		}
		return img
	}
	t.Run("native", func(t *testing.T) {
		runs := spyOnDecoder(t)
		native = decodeWith(t)
		if len(runs()) != 1 {
			t.Fatalf("the native decoder ran %d times, want 1", len(runs()))
		}
	})
	t.Run("embedded", func(t *testing.T) {
		t.Setenv("PATH", t.TempDir())
		embedded = decodeWith(t)
	})
	if native == nil || embedded == nil {
		t.FailNow()
	}
	return native, embedded
}

// differences are the largest and the mean difference in a channel
// between a pixel of a and the pixel of b that at says it is.
func differences(a, b image.Image, at func(x, y int) (int, int)) (worst int, mean float64) {
	sum := 0
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			bx, by := at(x, y)
			r1, g1, b1, _ := rgba(a, x, y)
			r2, g2, b2, _ := rgba(b, bx, by)
			d := max(absDiff(r1, r2), absDiff(g1, g2), absDiff(b1, b2))
			worst, sum = max(worst, d), sum+d
		}
	}
	return worst, float64(sum) / float64(r.Dx()*r.Dy())
}

func absDiff(a, b uint8) int { return max(int(a)-int(b), int(b)-int(a)) }

// TestHEICDecoderGetsNoSecrets: the native decoder runs with PATH and
// TMPDIR only: the server's secrets are no business of a program that
// parses an uploader's bytes.
func TestHEICDecoderGetsNoSecrets(t *testing.T) {
	src := heifEnc(t, "640x480", func() []byte { return encodePNG(t, quadrants(640, 480, false)) }, ".png")
	secrets := map[string]string{
		"DATABASE_URL":           "postgres://ugc:db-secret-1@db/ugc",
		"UGCFOLIO_SMTP_URL":      "smtp://mailer:smtp-secret-2@mail:587",
		"UGCFOLIO_BACKUP_KEY":    "backup-secret-3",
		"UGCFOLIO_S3_SECRET_KEY": "s3-secret-4",
		"AWS_SECRET_ACCESS_KEY":  "aws-secret-6",
	}
	for k, v := range secrets {
		t.Setenv(k, v)
	}
	runs := spyOnDecoder(t)
	processHEIC(t, src)
	got := runs()
	if len(got) != 1 {
		t.Fatalf("the decoder ran %d times, want 1", len(got))
	}
	extra := map[string]bool{}
	for _, line := range got[0] {
		name, _, _ := strings.Cut(line, "=")
		switch name {
		case "PATH", "TMPDIR", "PWD", "SHLVL", "_", "OLDPWD": // given, or set by the spy's shell
		default:
			extra[name] = true
		}
	}
	if len(extra) > 0 {
		t.Errorf("the decoder got variables it does not need: %v", slices.Sorted(maps.Keys(extra)))
	}
}

// TestTenBitHEICGoesToTheEmbeddedDecoder: libheif 1.15's decoder program
// writes a 10-bit photo's samples into YUV4MPEG2 as if they were 8-bit,
// so such a file is decoded in WebAssembly (TestTenBitHEIC checks the
// result), even with the program installed.
func TestTenBitHEICGoesToTheEmbeddedDecoder(t *testing.T) {
	src := heifEnc(t, "640x480-10bit", func() []byte { return encodePNG(t, quadrants(640, 480, true)) }, ".png", "-b", "10")
	info, err := readHEIF(src)
	if err != nil || info.BitDepth != 10 || nativeDecodable(info) {
		t.Fatalf("readHEIF = %+v, %v; want 10 bits, not for the native decoder", info, err)
	}
	runs := spyOnDecoder(t)
	res := processHEIC(t, src)
	if n := len(runs()); n != 0 {
		t.Errorf("the native decoder ran %d times", n)
	}
	if got, want := quadrantColours(variant(t, res, "image/jpeg", 640)), [4]string{"red", "green", "blue", "yellow"}; got != want {
		t.Errorf("quadrants %v, want %v", got, want)
	}
}

// TestHEICDecoderTimeLimit: a decoder that does not finish is killed with
// the job's context, and the photo is not called damaged (the job tries
// again later).
func TestHEICDecoderTimeLimit(t *testing.T) {
	src := heifEnc(t, "640x480", func() []byte { return encodePNG(t, quadrants(640, 480, false)) }, ".png")
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "heif-dec"), []byte("#!/bin/sh\nexec sleep 60\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	_, err := Process(ctx, src)
	if err == nil || Unusable(err) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the context's deadline, not a damaged photo", err)
	}
}

// TestHEICDecoderMemoryLimit: the decoder runs under a cap on its data
// (RLIMIT_DATA, set by prlimit), so that a hostile file cannot take the
// server's memory.
func TestHEICDecoderMemoryLimit(t *testing.T) {
	if _, err := exec.LookPath("prlimit"); err != nil {
		t.Fatalf("this test needs prlimit (util-linux): %v", err)
	}
	src := heifEnc(t, "640x480", func() []byte { return encodePNG(t, quadrants(640, 480, false)) }, ".png")
	bin, dump := t.TempDir(), filepath.Join(t.TempDir(), "limit")
	script := "#!/bin/sh\nulimit -d > '" + dump + "'\nexec '" + realHEIFDecoder + "' \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "heif-dec"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	processHEIC(t, src)
	b, err := os.ReadFile(dump)
	if err != nil {
		t.Fatalf("the decoder never ran: %v", err)
	}
	if got, want := strings.TrimSpace(string(b)), strconv.Itoa(heifDecodeData>>10); got != want {
		t.Errorf("the decoder's data limit is %s kB, want %s", got, want)
	}
}
