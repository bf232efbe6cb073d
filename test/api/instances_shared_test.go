package api_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	_ "image/jpeg"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	_ "golang.org/x/image/webp"

	"interno/adapters/objects/objectstest"
	"interno/adapters/store/storetest"
)

// firstRefusal signs in with wrong passwords for one e-mail from one address,
// round-robin over servers, and returns the attempt (1-based) answered 429.
func firstRefusal(t *testing.T, servers ...*server) int {
	t.Helper()
	for i := 0; i < 20; i++ {
		s := servers[i%len(servers)]
		r := s.call("POST", "/api/auth/login", "", map[string]any{"email": "anna@example.com", "password": fmt.Sprintf("guess-%d-guess", i)}, from("203.0.113.50")...)
		switch r.Status {
		case 401:
		case 429:
			return i + 1
		default:
			t.Fatalf("attempt %d: %d %s", i+1, r.Status, r.Raw)
		}
	}
	return 0
}

// TestInstances_LockoutCountsAcrossInstances: 20 wrong passwords for one
// e-mail spread across two binaries on one PostgreSQL database are refused at
// the same attempt as on one instance (the counters live in the database).
func TestInstances_LockoutCountsAcrossInstances(t *testing.T) {
	limits := append([]string{}, defaultLimits...)
	one := start(t, "postgres", limits...)
	one.must(201, "POST", "/api/auth/register", "", map[string]any{"email": "anna@example.com", "password": "password123", "name": "Anna"}, from("198.51.100.7")...)
	single := firstRefusal(t, one)
	if single == 0 {
		t.Fatal("one instance never refused 20 wrong passwords")
	}

	shared := "INTERNO_DATABASE_URL=" + storetest.NewPostgresSchema(t)
	secret := "INTERNO_JWT_SECRET=" + strings.Repeat("s", 40)
	a := start(t, "sqlite", append(limits, shared, secret)...)
	b := start(t, "sqlite", append(limits, shared, secret)...)
	a.must(201, "POST", "/api/auth/register", "", map[string]any{"email": "anna@example.com", "password": "password123", "name": "Anna"}, from("198.51.100.7")...)
	if got := firstRefusal(t, a, b); got != single {
		t.Fatalf("two instances refused at attempt %d, one instance at %d", got, single)
	}
	// The owner, from her own address, signs in on either instance.
	for _, s := range []*server{a, b} {
		s.must(200, "POST", "/api/auth/login", "", map[string]any{"email": "anna@example.com", "password": "password123"}, from("198.51.100.7")...)
	}
}

// TestInstances_UploadsInObjectStorage: with INTERNO_STORAGE_URL two instances
// on one database share one SeaweedFS bucket: a picture uploaded through one
// is served, resized, by the other; nothing lands in the data folders; the
// backup says where the uploads are instead of archiving an empty folder.
func TestInstances_UploadsInObjectStorage(t *testing.T) {
	weed := objectstest.Start(t)
	bucket := weed.NewBucket(t)
	if photoCache == "" {
		photoCache = photo(t)
	}
	env := []string{
		"INTERNO_DATABASE_URL=" + storetest.NewPostgresSchema(t),
		"INTERNO_JWT_SECRET=" + strings.Repeat("s", 40),
		"INTERNO_STORAGE_URL=" + weed.URL(bucket),
		"INTERNO_STORAGE_ACCESS_KEY=" + objectstest.AccessKey,
		"INTERNO_STORAGE_SECRET_KEY=" + objectstest.SecretKey,
	}
	one := start(t, "sqlite", env...)
	two := start(t, "sqlite", env...)
	d := one.must(201, "POST", "/api/designers", "", designerPayload("chiara@example.com")).JSON()
	pic := d["gallery_images"].([]any)[0].(string)
	if !strings.HasPrefix(pic, "/api/uploads/gallery/") {
		t.Fatalf("the URL clients see changed: %s", pic)
	}
	small := two.must(200, "GET", "/api/images/resize/"+strings.TrimPrefix(pic, "/api/")+"?size=small", "", nil, "Accept", "image/webp")
	if ct := small.Header.Get("Content-Type"); ct != "image/webp" {
		t.Fatalf("variant content type %q", ct)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(small.Raw))
	if err != nil || cfg.Width != 320 {
		t.Fatalf("variant: %+v %v", cfg, err)
	}
	orig := two.must(200, "GET", pic, "", nil)
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(orig.Raw)); err != nil || cfg.Width != 600 {
		t.Fatalf("original: %+v %v", cfg, err)
	}
	if r := two.call("GET", pic, "", nil, "If-None-Match", orig.Header.Get("ETag")); r.Status != 304 {
		t.Fatalf("revalidation: %d", r.Status)
	}
	two.must(404, "GET", "/api/uploads/gallery/0123456789abcdef0123456789abcdef.jpg", "", nil)
	two.must(404, "GET", "/api/images/resize/uploads/gallery/..%2f..%2fsecret.jpg?size=small", "", nil)

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var keys []string
	for obj := range weed.Client.ListObjects(ctx, bucket, minio.ListObjectsOptions{Recursive: true}) {
		if obj.Err != nil {
			t.Fatal(obj.Err)
		}
		keys = append(keys, obj.Key)
	}
	joined := strings.Join(keys, " ")
	if !strings.Contains(joined, "uploads/"+strings.TrimPrefix(pic, "/api/uploads/")) || !strings.Contains(joined, "cache/images/") {
		t.Fatalf("bucket holds %v", keys)
	}
	for _, s := range []*server{one, two} {
		if files := fileHashes(t, filepath.Join(s.DataDir, "uploads")); len(files) != 0 {
			t.Fatalf("uploads written to the data folder: %v", files)
		}
	}

	out, err := one.cli("backup", filepath.Join(t.TempDir(), "b.tar.gz"))
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if !strings.Contains(out, "they live in the bucket "+bucket) || !strings.Contains(out, "pg_dump") {
		t.Fatalf("backup output does not say where the uploads are:\n%s", out)
	}
}

// TestInstances_BadStorageStopsStartup: a wrong secret or an unreachable
// endpoint ends start-up with one line naming INTERNO_STORAGE_URL.
func TestInstances_BadStorageStopsStartup(t *testing.T) {
	weed := objectstest.Start(t)
	bucket := weed.NewBucket(t)
	cases := map[string][]string{
		"wrong secret": {"INTERNO_STORAGE_URL=" + weed.URL(bucket), "INTERNO_STORAGE_ACCESS_KEY=" + objectstest.AccessKey, "INTERNO_STORAGE_SECRET_KEY=wrong-secret-0000000000"},
		"no bucket":    {"INTERNO_STORAGE_URL=" + weed.URL("missing-bucket"), "INTERNO_STORAGE_ACCESS_KEY=" + objectstest.AccessKey, "INTERNO_STORAGE_SECRET_KEY=" + objectstest.SecretKey},
		"unreachable":  {"INTERNO_STORAGE_URL=s3://interno?endpoint=127.0.0.1:1&insecure=true"},
		"bad url":      {"INTERNO_STORAGE_URL=s3://interno?endpoint=http://x:1"},
	}
	for name, env := range cases {
		t.Run(name, func(t *testing.T) {
			cmd := exec.Command(binary(t), "serve")
			cmd.Env = append(os.Environ(), append([]string{"INTERNO_ADDR=127.0.0.1:0", "INTERNO_DATA_DIR=" + t.TempDir(), "INTERNO_DATABASE_URL="}, env...)...)
			out, err := cmd.CombinedOutput()
			if err == nil {
				t.Fatalf("started: %s", out)
			}
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			last := lines[len(lines)-1]
			if !strings.Contains(last, "INTERNO_STORAGE_URL") {
				t.Fatalf("last line does not name the variable:\n%s", out)
			}
		})
	}
}
