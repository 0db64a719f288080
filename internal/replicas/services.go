package replicas

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver

	"github.com/ugcfolio/ugcfolio/internal/media"
)

// The shared services of a cluster for a program (the tests use storetest
// and s3test): a fresh PostgreSQL schema and a versitygw server.

// FreshSchema creates an empty schema in the database at base and answers
// a URL whose search_path points at it, and a function that drops it.
func FreshSchema(base string) (string, func(), error) {
	b := make([]byte, 6)
	rand.Read(b)
	schema := "replicas_" + hex.EncodeToString(b)
	db, err := sql.Open("pgx", base)
	if err != nil {
		return "", nil, err
	}
	if _, err := db.Exec(`CREATE SCHEMA ` + schema); err != nil {
		db.Close()
		return "", nil, fmt.Errorf("PostgreSQL at %s: %v", base, err)
	}
	drop := func() {
		db.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
		db.Close()
	}
	u, err := url.Parse(base)
	if err != nil {
		drop()
		return "", nil, err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), drop, nil
}

// StartVersitygw runs the S3 server bin over dir on a free loopback port
// and answers the options of a bucket on it, and a function that stops it.
func StartVersitygw(bin, dir string) (media.S3Options, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return media.S3Options{}, nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	o := media.S3Options{Endpoint: addr, Bucket: "uploads", AccessKey: "bench" + strings.ToLower(rand.Text()[:8]),
		SecretKey: rand.Text(), Region: "us-east-1"}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return o, nil, err
	}
	cmd := exec.Command(bin, "--port", addr, "posix", dir)
	cmd.Env = append(os.Environ(), "ROOT_ACCESS_KEY_ID="+o.AccessKey, "ROOT_SECRET_ACCESS_KEY="+o.SecretKey)
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return o, nil, fmt.Errorf("versitygw: %v", err)
	}
	stop := func() { cmd.Process.Kill(); cmd.Wait() }
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond); err == nil {
			c.Close()
			return o, stop, nil
		}
		if time.Now().After(deadline) {
			stop()
			return o, nil, fmt.Errorf("versitygw did not listen on %s: %s", addr, out.String())
		}
	}
}
