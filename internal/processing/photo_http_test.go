package processing_test

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/binary"
	"hash/crc32"
	"image/png"
	"net/http"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/images"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
)

// The photo checks at upload (format, decoded size) through the real router.

// wantNoFiles fails the test if the uploads or chunk areas hold anything.
func wantNoFiles(t *testing.T, e *sitetest.Site) {
	t.Helper()
	if f := e.Files(t); len(f) != 0 {
		t.Fatalf("files left behind: %v", f)
	}
}

// A photo in a format the site does not take is refused at the
// upload, saying which formats it takes: by its name or declared type
// before a byte is sent, and by its bytes when neither gave it away.
func TestUntakenPhotoFormatsRefusedAtUpload(t *testing.T) {
	t.Parallel()
	e := sitetest.New(t, sitetest.SQLite(t), sitetest.Options{Jobs: true})
	admin := e.SignedInAdmin(t)
	const proRAW = "DNG-, TIFF- og RAW-filer (som Apple ProRAW) tas ikke imot. Last opp bildet som JPEG, PNG, WebP eller HEIC."
	// An iPhone's ProRAW photo, as a browser declares it.
	dng := append([]byte("II*\x00\x08\x00\x00\x00"), make([]byte, 2000)...)
	admin.Do("POST", "/api/admin/upload/initialize", map[string]any{"uploadId": "img-dng-0001", "fileName": "IMG_0042.DNG",
		"fileSize": len(dng), "fileType": "image/x-adobe-dng", "totalChunks": 1}).WantMessage(t, http.StatusUnsupportedMediaType, proRAW)
	// With no type the browser knows (many do not know DNG): refused by its name.
	admin.Do("POST", "/api/admin/upload/initialize", map[string]any{"uploadId": "img-dng-0002", "fileName": "IMG_0042.dng",
		"fileSize": len(dng), "fileType": "", "totalChunks": 1}).WantMessage(t, http.StatusUnsupportedMediaType, proRAW)
	// Renamed and declared a JPEG: refused by its bytes when it is finalized.
	admin.Do("POST", "/api/admin/upload/initialize", map[string]any{"uploadId": "img-dng-0003", "fileName": "IMG_0042.jpg",
		"fileSize": len(dng), "fileType": "image/jpeg", "totalChunks": 1}).WantStatus(t, http.StatusOK)
	admin.SendChunk("img-dng-0003", 0, 1, dng).WantStatus(t, http.StatusOK)
	admin.Finalize("img-dng-0003").WantMessage(t, http.StatusUnsupportedMediaType, proRAW)
	// A GIF declared as a PNG.
	gif := append([]byte("GIF89a"), make([]byte, 500)...)
	admin.UploadImage(t, "img-gif-0001", "image/png", gif).WantMessage(t, http.StatusUnsupportedMediaType,
		"GIF-filer tas ikke imot. Last opp bildet som JPEG, PNG, WebP eller HEIC.")
	wantNoFiles(t, e)
}

// blackPNG16 is a black w×h PNG at 16 bits a sample (RGB), a real image
// yet small in bytes: its zlib stream is one deflate block that expands to
// 64 rows of zeros (filter byte and pixels), repeated, so the test neither
// compresses nor holds the pixels. h must be a multiple of 64.
func blackPNG16(t *testing.T, w, h int) []byte {
	t.Helper()
	const rowsPerBlock = 64
	if h%rowsPerBlock != 0 {
		t.Fatalf("blackPNG16: height %d is not a multiple of %d", h, rowsPerBlock)
	}
	rowLen := 1 + 6*w
	var block bytes.Buffer
	fw, _ := flate.NewWriter(&block, flate.BestCompression)
	fw.Write(make([]byte, rowsPerBlock*rowLen))
	fw.Flush() // ends the block on a byte, with no reference before it
	idat := []byte{0x78, 0x9c}
	for range h / rowsPerBlock {
		idat = append(idat, block.Bytes()...)
	}
	idat = append(idat, 1, 0, 0, 0xff, 0xff) // the final block: stored, empty
	// Adler-32 of n zero bytes: the sum of the bytes stays 1, the sum of the sums is n.
	idat = binary.BigEndian.AppendUint32(idat, uint32(uint64(h)*uint64(rowLen)%65521)<<16|1)

	chunk := func(b []byte, typ string, data []byte) []byte {
		b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
		start := len(b)
		b = append(append(b, typ...), data...)
		return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[start:]))
	}
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	ihdr = append(ihdr, 16, 2, 0, 0, 0) // 16 bits, truecolour
	b := chunk([]byte("\x89PNG\r\n\x1a\n"), "IHDR", ihdr)
	b = chunk(b, "IDAT", idat)
	return chunk(b, "IEND", nil)
}

// The generator makes PNGs that decode (checked small: the big one would
// take 200 MB to decode).
func TestBlackPNG16Decodes(t *testing.T) {
	t.Parallel()
	m, err := png.Decode(bytes.NewReader(blackPNG16(t, 33, 128)))
	if err != nil || m.Bounds().Dx() != 33 || m.Bounds().Dy() != 128 {
		t.Fatalf("decoded %v, %v", m, err)
	}
	if r, g, b, a := m.At(32, 127).RGBA(); r|g|b != 0 || a != 0xffff {
		t.Fatalf("pixel %d %d %d %d, want black", r, g, b, a)
	}
}

// A photo whose decoded pixels would take more memory than the limit (a
// PNG just over it: 5121×5120 at 16 bits, 26.2 megapixels, well under the
// pixel limit, 201 MB decoded; one column fewer is exactly the limit) is refused at finalize with the 413 that
// says why, from its header: nothing is stored and no job is queued, so
// that the creator hears it at once rather than from a job that fails.
func TestPhotoOverTheMemoryLimitRefusedAtFinalize(t *testing.T) {
	t.Parallel()
	const w, h = 5121, 5120 // decoded as RGBA64: 8 bytes a pixel
	if w*h*8 <= images.MaxDecodedBytes || (w-1)*h*8 > images.MaxDecodedBytes || w*h > images.MaxPixels {
		t.Fatalf("%d×%d is not just over the memory limit alone", w, h)
	}
	photo := blackPNG16(t, w, h)
	t.Logf("a %d×%d 16-bit PNG in %d bytes", w, h, len(photo))
	sitetest.Each(t, sitetest.Options{Jobs: true}, func(t *testing.T, e *sitetest.Site) {
		st := e.Store
		admin := e.SignedInAdmin(t)
		admin.UploadImage(t, "img-16bit-0001", "image/png", photo).WantMessage(t, http.StatusRequestEntityTooLarge,
			"Bildet trenger 201 MB minne for å leses (grensen er 200 MB): lagre det med 8 bit per farge, eller med færre piksler.")
		wantNoFiles(t, e)
		var jobs int
		if err := st.DB.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM jobs WHERE kind = 'image'`).Scan(&jobs); err != nil {
			t.Fatal(err)
		}
		if jobs != 0 {
			t.Fatalf("%d image jobs queued for a refused photo", jobs)
		}
		// The upload is gone with its chunks: finalizing it again is "not found".
		admin.Finalize("img-16bit-0001").WantStatus(t, http.StatusNotFound)
	})
}
