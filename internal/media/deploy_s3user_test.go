package media_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"

	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/media/s3test"
)

// runS3Init runs deploy/s3-init.sh (what the deploy example's s3-init
// service runs) against a versitygw started with its own users.
func runS3Init(t *testing.T, root media.S3Options, adminURL, access, secret string) {
	t.Helper()
	if out, err := s3InitCmd(t, root, adminURL, access, secret).CombinedOutput(); err != nil {
		t.Fatalf("s3-init.sh: %v\n%s", err, out)
	}
}

func s3InitCmd(t *testing.T, root media.S3Options, adminURL, access, secret string) *exec.Cmd {
	t.Helper()
	_, here, _, _ := runtime.Caller(0)
	script := filepath.Join(filepath.Dir(here), "..", "..", "deploy", "s3-init.sh")
	bin, err := s3test.Binary()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("/bin/sh", script)
	cmd.Env = append(os.Environ(), "VERSITYGW="+bin, "ADMIN_ENDPOINT_URL="+adminURL,
		"ADMIN_ACCESS_KEY_ID="+root.AccessKey, "ADMIN_SECRET_ACCESS_KEY="+root.SecretKey,
		"APP_ACCESS_KEY="+access, "APP_SECRET_KEY="+secret, "BUCKET=ugcfolio")
	return cmd
}

// The deploy example's app user reaches its own bucket and nothing else:
// not another bucket, not a new bucket, not the admin API. Running the
// script again (a restart, a changed secret) keeps that and the data, and
// a bucket the root keys made before changes hands.
func TestDeployS3UserOwnsItsBucketOnly(t *testing.T) {
	if _, err := s3test.Binary(); err != nil {
		t.Skip(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	root, adminURL := s3test.StartWithUsers(t)
	rc := s3test.Client(t, root)
	// What the root keys hold: another bucket, and (as a site that ran with
	// the root keys before) the site's bucket with a file in it.
	for _, b := range []string{"other", "ugcfolio"} {
		if err := rc.MakeBucket(ctx, b, minio.MakeBucketOptions{Region: root.Region}); err != nil {
			t.Fatal(err)
		}
	}
	s3test.Put(t, rc, "other", "secret.txt", []byte("not the app's"))
	s3test.Put(t, rc, "ugcfolio", "old.jpg", []byte("uploaded before"))

	// Refused before anything is made: an example's secret, the root's key.
	for _, bad := range [][2]string{{"ugcfolio-app", "change-me-three"}, {root.AccessKey, "a-real-secret-of-the-app-user"}} {
		out, err := s3InitCmd(t, root, adminURL, bad[0], bad[1]).CombinedOutput()
		if err == nil || strings.Count(string(out), "\n") != 1 || !strings.Contains(string(out), "s3-init: ") {
			t.Fatalf("s3-init.sh with %v: %v, %q; want one line and a failure", bad, err, out)
		}
	}
	runS3Init(t, root, adminURL, "ugcfolio-app", "first-secret-of-the-app-user")
	runS3Init(t, root, adminURL, "ugcfolio-app", "second-secret-of-the-app-user") // again, with a new secret

	app := root
	app.Bucket, app.AccessKey, app.SecretKey = "ugcfolio", "ugcfolio-app", "second-secret-of-the-app-user"
	st, err := media.NewS3(ctx, app)
	if err != nil {
		t.Fatalf("the app's own bucket: %v", err)
	}
	if err := st.Put(ctx, "new.jpg", strings.NewReader("hei"), 3); err != nil {
		t.Fatalf("put in its bucket: %v", err)
	}
	ac := s3test.Client(t, app)
	if got := s3test.Get(t, ac, "ugcfolio", "old.jpg"); string(got) != "uploaded before" {
		t.Fatalf("a file from before: %q", got)
	}
	if _, err := ac.StatObject(ctx, "other", "secret.txt", minio.StatObjectOptions{}); err == nil {
		t.Fatal("the app user reads another bucket")
	}
	if err := ac.MakeBucket(ctx, "mine-too", minio.MakeBucketOptions{Region: app.Region}); err == nil {
		t.Fatal("the app user creates buckets")
	}
	if err := ac.RemoveBucket(ctx, "other"); err == nil {
		t.Fatal("the app user deletes another bucket")
	}
	old := app
	old.SecretKey = "first-secret-of-the-app-user"
	if _, err := s3test.Client(t, old).StatObject(ctx, "ugcfolio", "old.jpg", minio.StatObjectOptions{}); err == nil {
		t.Fatal("the replaced secret still works")
	}
	// The admin API refuses the app's keys.
	bin, _ := s3test.Binary()
	cmd := exec.Command(bin, "admin", "--endpoint-url", adminURL, "list-users")
	cmd.Env = append(os.Environ(), "ADMIN_ACCESS_KEY_ID="+app.AccessKey, "ADMIN_SECRET_ACCESS_KEY="+app.SecretKey)
	if out, err := cmd.CombinedOutput(); err == nil {
		t.Fatalf("the app user lists users:\n%s", out)
	}
}
