package httpapi

import (
	"net/http"
	"testing"
)

// Issue 23: a photo in a format the site does not take is refused at the
// upload, saying which formats it takes: by its name or declared type
// before a byte is sent, and by its bytes when neither gave it away.
func TestUntakenPhotoFormatsRefusedAtUpload(t *testing.T) {
	t.Parallel()
	e := imageEnv(t, sqliteStore(t))
	admin := e.signedIn(t, "admin@example.no", true)
	const proRAW = "DNG-, TIFF- og RAW-filer (som Apple ProRAW) tas ikke imot. Last opp bildet som JPEG, PNG, WebP eller HEIC."
	// An iPhone's ProRAW photo, as a browser declares it.
	dng := append([]byte("II*\x00\x08\x00\x00\x00"), make([]byte, 2000)...)
	admin.do("POST", "/api/admin/upload/initialize", map[string]any{"uploadId": "img-dng-0001", "fileName": "IMG_0042.DNG",
		"fileSize": len(dng), "fileType": "image/x-adobe-dng", "totalChunks": 1}).wantMessage(t, http.StatusUnsupportedMediaType, proRAW)
	// With no type the browser knows (many do not know DNG): refused by its name.
	admin.do("POST", "/api/admin/upload/initialize", map[string]any{"uploadId": "img-dng-0002", "fileName": "IMG_0042.dng",
		"fileSize": len(dng), "fileType": "", "totalChunks": 1}).wantMessage(t, http.StatusUnsupportedMediaType, proRAW)
	// Renamed and declared a JPEG: refused by its bytes when it is finalized.
	admin.do("POST", "/api/admin/upload/initialize", map[string]any{"uploadId": "img-dng-0003", "fileName": "IMG_0042.jpg",
		"fileSize": len(dng), "fileType": "image/jpeg", "totalChunks": 1}).wantStatus(t, http.StatusOK)
	admin.sendChunk("img-dng-0003", 0, 1, dng).wantStatus(t, http.StatusOK)
	admin.finalize("img-dng-0003").wantMessage(t, http.StatusUnsupportedMediaType, proRAW)
	// A GIF declared as a PNG.
	gif := append([]byte("GIF89a"), make([]byte, 500)...)
	uploadImage(t, admin, "img-gif-0001", "image/png", gif).wantMessage(t, http.StatusUnsupportedMediaType,
		"GIF-filer tas ikke imot. Last opp bildet som JPEG, PNG, WebP eller HEIC.")
	e.wantNoFiles(t)
}
