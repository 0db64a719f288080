package images

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// The native HEIC decoder: libheif as the machine has it,
// through its command-line decoder, run like internal/video runs ffmpeg.
// In WebAssembly a 12 MP photo took 5 to 20 s and a 48 MP one grew its
// memory (by copying) to about 1 GB; natively it is a fraction of a second
// and the decoded photo's own size.
//
// The decoder writes YUV4MPEG2 (the decoded 4:2:0 planes as they are),
// which Go turns into RGB exactly as it turns the embedded decoder's
// planes (image.YCbCr): both paths store the same pixels. libheif applies
// the container's rotation and mirror as it decodes, on both paths.

// heifDecoders are the names of libheif's decoder program: heif-dec since
// libheif 1.17, heif-convert before (Debian 12's libheif-examples).
var heifDecoders = []string{"heif-dec", "heif-convert"}

// Limits of one native decode. The data limit is several times what a
// 48 MP photo needs (its 4:2:0 planes are 73 MB, and the decoder's peak
// about twice that), so only a hostile file meets it.
const (
	heifDecodeTimeout = 2 * time.Minute
	heifDecodeData    = 768 << 20 // RLIMIT_DATA of the decoder, bytes
)

// heifTool is the decoder's command line, found on PATH: nice and prlimit
// run it when they are there (lower CPU priority so that the site keeps
// answering; a cap on its memory).
type heifTool struct {
	decoder, nice, prlimit string
}

// findHEIFTool looks for heif-dec (or heif-convert) on PATH at each call:
// it is cheap beside a decode, and installing libheif-examples then needs
// no restart. ok is false when neither is installed.
func findHEIFTool() (heifTool, bool) {
	var t heifTool
	for _, name := range heifDecoders {
		if p, err := exec.LookPath(name); err == nil {
			t.decoder = p
			break
		}
	}
	if t.decoder == "" {
		return heifTool{}, false
	}
	t.nice, _ = exec.LookPath("nice")
	t.prlimit, _ = exec.LookPath("prlimit")
	return t, true
}

// nativeDecodable reports whether the native decoder's YUV4MPEG2 output
// holds the whole photo: 8-bit 4:2:0 (or monochrome) without alpha, as
// every phone's photo is. libheif 1.15 writes a deeper image's samples
// into a YUV4MPEG2 file as if they were 8-bit, and the format has no
// alpha plane; such files go to the embedded decoder.
func nativeDecodable(info heifInfo) bool {
	return info.BitDepth <= 8 && (info.Chroma == 0 || info.Chroma == 1) && !info.Alpha
}

// errNativeFailed is a decoder run that ended in an error of its own: a
// file libheif cannot read (or, rarely, one that met the memory limit).
var errNativeFailed = errors.New("heif-dec failed")

// errSeveralImages is a file the native decoder wrote several images of:
// the embedded decoder, which decodes the primary one, takes it.
var errSeveralImages = errors.New("heif-dec: several images in the file")

// decode decodes a HEIC file with the native decoder into its 4:2:0
// planes. The file goes to a temporary directory of its own (the decoder
// reads a path), and the decoder's output is read back from there.
func (t heifTool) decode(ctx context.Context, data []byte) (*image.YCbCr, error) {
	ctx, cancel := context.WithTimeout(ctx, heifDecodeTimeout)
	defer cancel()
	dir, err := os.MkdirTemp("", "heif-dec-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	in, out := filepath.Join(dir, "in.heic"), filepath.Join(dir, "out.y4m")
	if err := os.WriteFile(in, data, 0o600); err != nil {
		return nil, err
	}
	var stderr bytes.Buffer
	cmd := t.command(ctx, in, out)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("heif-dec: %w", ctx.Err())
		}
		return nil, fmt.Errorf("%w: %v: %s", errNativeFailed, err, strings.TrimSpace(lastBytes(stderr.Bytes(), 1024)))
	}
	f, err := os.Open(out)
	if errors.Is(err, os.ErrNotExist) {
		// A file of several images that are not hidden (a burst, or
		// tiles a grid does not hide) is written one file per image,
		// out-1.y4m …; which one is the primary the decoder does not say.
		return nil, errSeveralImages
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readY4M(bufio.NewReaderSize(f, 1<<16))
}

// command makes the exec.Cmd of one run: `nice -n 10 prlimit --data=N
// heif-dec --quiet in out` (without either wrapper that is missing),
// killed with the context and, on Linux, with the server; with no
// environment but PATH and TMPDIR (the server's holds its secrets, and
// the decoder parses bytes an uploader chose).
func (t heifTool) command(ctx context.Context, in, out string) *exec.Cmd {
	args := []string{t.decoder, "--quiet", in, out}
	if t.prlimit != "" {
		args = append([]string{t.prlimit, "--data=" + strconv.Itoa(heifDecodeData), "--"}, args...)
	}
	if t.nice != "" {
		args = append([]string{t.nice, "-n", "10"}, args...)
	}
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Env = programEnv()
	dieWithParent(cmd)
	return cmd
}

// programEnv is the whole environment the decoder runs with.
func programEnv() []string {
	env := []string{"PATH=" + os.Getenv("PATH")}
	if tmp, ok := os.LookupEnv("TMPDIR"); ok {
		env = append(env, "TMPDIR="+tmp)
	}
	return env
}

func lastBytes(b []byte, n int) string {
	return string(b[max(0, len(b)-n):])
}

// readY4M reads the single frame of a YUV4MPEG2 stream of 8-bit 4:2:0
// (or monochrome) into an image.YCbCr, straight into its planes. A
// monochrome frame gets neutral chroma.
func readY4M(r *bufio.Reader) (*image.YCbCr, error) {
	head, err := r.ReadString('\n')
	if err != nil || !strings.HasPrefix(head, "YUV4MPEG2 ") {
		return nil, fmt.Errorf("%w: not a YUV4MPEG2 stream", errNativeFailed)
	}
	w, h, mono := 0, 0, false
	for _, p := range strings.Fields(head)[1:] {
		switch p[0] {
		case 'W':
			w, _ = strconv.Atoi(p[1:])
		case 'H':
			h, _ = strconv.Atoi(p[1:])
		case 'C':
			switch c := p[1:]; {
			case c == "mono":
				mono = true
			case c != "420jpeg" && c != "420" && c != "420mpeg2" && c != "420paldv":
				return nil, fmt.Errorf("%w: YUV4MPEG2 colour space %s", errNativeFailed, c)
			}
		}
	}
	if w <= 0 || h <= 0 || int64(w)*int64(h) > MaxPixels {
		return nil, fmt.Errorf("%w: YUV4MPEG2 size %dx%d", errNativeFailed, w, h)
	}
	frame, err := r.ReadString('\n')
	if err != nil || !strings.HasPrefix(frame, "FRAME") {
		return nil, fmt.Errorf("%w: no YUV4MPEG2 frame", errNativeFailed)
	}
	m := image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio420)
	planes := [][]byte{m.Y, m.Cb, m.Cr}
	if mono {
		planes = planes[:1]
		for i := range m.Cb {
			m.Cb[i], m.Cr[i] = 128, 128
		}
	}
	for _, p := range planes {
		if _, err := io.ReadFull(r, p); err != nil {
			return nil, fmt.Errorf("%w: YUV4MPEG2 frame cut short: %v", errNativeFailed, err)
		}
	}
	return m, nil
}
