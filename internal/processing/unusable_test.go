package processing

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// pngHeader is a PNG of w×h pixels, 16 bits a sample RGBA, with its header
// and no pixels: the photo job refuses it from its header, before it
// would read them.
func pngHeader(w, h uint32) []byte {
	chunk := func(b []byte, typ string, data []byte) []byte {
		b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
		start := len(b)
		b = append(append(b, typ...), data...)
		return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[start:]))
	}
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 16, 6, 0, 0, 0)
	b := chunk([]byte("\x89PNG\r\n\x1a\n"), "IHDR", ihdr)
	return chunk(b, "IEND", nil)
}

// A photo that needs more memory decoded than the limit (a 16-bit 49 MP
// PNG stored before finalize checked headers) fails its job at the first
// try, with the reason the admin reads: another try cannot fix it.
func TestPhotoTooLargeForMemoryIsNotRetried(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := newEnv(t, st, nil)
		e.run(t)
		const photo = "0123456789abcdef0123456789abcdef.png"
		data := pngHeader(7000, 7000)
		if err := e.storage.Put(ctx, photo, bytes.NewReader(data), int64(len(data))); err != nil {
			t.Fatal(err)
		}
		if err := e.p.Start(ctx, media.URLPrefix+photo); err != nil {
			t.Fatal(err)
		}
		// Wait until the first try has ended (failed, or queued again).
		var j jobs.Job
		deadline := time.Now().Add(30 * time.Second)
		for {
			var ok bool
			var err error
			if j, ok, err = e.q.Latest(ctx, store.MediaImage, photo); err != nil || !ok {
				t.Fatalf("job: %v %v", ok, err)
			}
			if j.Attempts >= 1 && j.State != jobs.Running {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the first try never ended: %+v", j)
			}
			time.Sleep(10 * time.Millisecond)
		}
		if j.State != jobs.Failed || j.Attempts != 1 || !strings.Contains(j.LastError, "Bildet trenger 374 MB minne") {
			t.Fatalf("after one try: state %s, %d attempts, error %q; want failed at once with the memory it needs",
				j.State, j.Attempts, j.LastError)
		}
		got, err := e.p.Status(ctx, photo)
		if err != nil || got.Status != store.MediaFailed || !strings.Contains(got.Error, "Bildet trenger 374 MB minne") {
			t.Fatalf("status: %+v %v", got, err)
		}
	})
}
