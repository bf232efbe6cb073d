package objects_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"interno/adapters/objects"
	"interno/adapters/objects/objectstest"
	"interno/core/files"
)

// contract is what the image pipeline relies on, run against every adapter.
func contract(t *testing.T, st files.Store) {
	ctx := context.Background()
	t.Run("MissingKey", func(t *testing.T) {
		if _, err := st.Stat(ctx, "gallery/none.jpg"); !errors.Is(err, files.ErrNotExist) {
			t.Fatalf("stat: %v, want ErrNotExist", err)
		}
		if _, _, err := st.Open(ctx, "gallery/none.jpg"); !errors.Is(err, files.ErrNotExist) {
			t.Fatalf("open: %v, want ErrNotExist", err)
		}
		if err := st.Delete(ctx, "gallery/none.jpg"); err != nil {
			t.Fatalf("deleting a missing key: %v", err)
		}
	})
	t.Run("PutOpenSeekStat", func(t *testing.T) {
		data := bytes.Repeat([]byte("0123456789"), 1000)
		before := time.Now().Add(-2 * time.Second)
		if err := st.Put(ctx, "gallery/a.jpg", data, "image/jpeg"); err != nil {
			t.Fatal(err)
		}
		info, err := st.Stat(ctx, "gallery/a.jpg")
		if err != nil || info.Size != int64(len(data)) || info.Key != "gallery/a.jpg" || info.ModTime.Before(before) {
			t.Fatalf("stat: %+v %v", info, err)
		}
		r, oinfo, err := st.Open(ctx, "gallery/a.jpg")
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		if oinfo.Size != info.Size || !oinfo.ModTime.Equal(info.ModTime) {
			t.Fatalf("open says %+v, stat says %+v", oinfo, info)
		}
		if _, err := r.Seek(9990, io.SeekStart); err != nil {
			t.Fatal(err)
		}
		tail, err := io.ReadAll(r)
		if err != nil || string(tail) != "0123456789" {
			t.Fatalf("after seek: %q %v", tail, err)
		}
		if _, err := r.Seek(0, io.SeekStart); err != nil {
			t.Fatal(err)
		}
		all, err := io.ReadAll(r)
		if err != nil || !bytes.Equal(all, data) {
			t.Fatalf("read %d bytes, %v", len(all), err)
		}
	})
	t.Run("PutReplaces", func(t *testing.T) {
		for _, v := range []string{"first", "second version"} {
			if err := st.Put(ctx, "gallery/r.jpg", []byte(v), "image/jpeg"); err != nil {
				t.Fatal(err)
			}
		}
		r, info, err := st.Open(ctx, "gallery/r.jpg")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(r)
		r.Close()
		if string(b) != "second version" || info.Size != int64(len(b)) {
			t.Fatalf("got %q (%d)", b, info.Size)
		}
	})
	t.Run("ListByPrefixAtAllDepths", func(t *testing.T) {
		keys := []string{"c1/v1/w320-q80.webp", "c1/v1/w640-q80.webp", "c1/v2/w320-q80.jpg", "c10/v1/w1.jpg", "c2/v1/w1.jpg"}
		for _, k := range keys {
			if err := st.Put(ctx, k, []byte(k), "image/webp"); err != nil {
				t.Fatal(err)
			}
		}
		list, err := st.List(ctx, "c1/")
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range list {
			got = append(got, f.Key)
			if f.Size != int64(len(f.Key)) {
				t.Errorf("%s: size %d", f.Key, f.Size)
			}
		}
		if strings.Join(got, " ") != "c1/v1/w320-q80.webp c1/v1/w640-q80.webp c1/v2/w320-q80.jpg" {
			t.Fatalf("list c1/: %v", got)
		}
		for _, f := range list {
			if err := st.Delete(ctx, f.Key); err != nil {
				t.Fatal(err)
			}
		}
		if list, _ := st.List(ctx, "c1/"); len(list) != 0 {
			t.Fatalf("after deleting: %v", list)
		}
		if list, _ := st.List(ctx, "c10/"); len(list) != 1 {
			t.Fatalf("deleting c1/ touched c10/: %v", list)
		}
		if _, err := st.Stat(ctx, "c1/v1/w320-q80.webp"); !errors.Is(err, files.ErrNotExist) {
			t.Fatalf("deleted key: %v", err)
		}
	})
	t.Run("ConcurrentPutsOfOneKey", func(t *testing.T) {
		var wg sync.WaitGroup
		for i := 0; i < 8; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				if err := st.Put(ctx, "gallery/c.jpg", bytes.Repeat([]byte{byte('a' + i)}, 4096), "image/jpeg"); err != nil {
					t.Error(err)
				}
			}(i)
		}
		wg.Wait()
		r, _, err := st.Open(ctx, "gallery/c.jpg")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(r)
		r.Close()
		if len(b) != 4096 || !bytes.Equal(b, bytes.Repeat(b[:1], 4096)) {
			t.Fatal("a reader saw a mix of two writes")
		}
	})
}

func TestFolder_Contract(t *testing.T) {
	f, err := objects.NewFolder(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	contract(t, f)
}

func TestS3_Contract(t *testing.T) {
	srv := objectstest.Start(t)
	bucket := srv.NewBucket(t)
	cfg, err := objects.ParseS3URL(srv.URL(bucket), objectstest.AccessKey, objectstest.SecretKey)
	if err != nil {
		t.Fatal(err)
	}
	s3, err := objects.NewS3(context.Background(), cfg, 15*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("Root", func(t *testing.T) { contract(t, s3) })
	t.Run("Sub", func(t *testing.T) { contract(t, s3.Sub("p/q")) })

	t.Run("BadConfigurationIsOneClearError", func(t *testing.T) {
		cases := map[string]struct {
			url, access, secret, want string
		}{
			// AWS names the cause (SignatureDoesNotMatch, InvalidAccessKeyId); SeaweedFS answers
			// AccessDenied for both. Either way the line names the variable to check.
			"wrong secret":   {srv.URL(bucket), objectstest.AccessKey, "not-the-secret-0000000000", "INTERNO_STORAGE_SECRET_KEY"},
			"unknown key":    {srv.URL(bucket), "nobody", "whatever-secret-000000000", "INTERNO_STORAGE_ACCESS_KEY"},
			"missing bucket": {srv.URL("nosuchbucket"), objectstest.AccessKey, objectstest.SecretKey, "does not exist"},
			"unreachable":    {"s3://interno?endpoint=127.0.0.1:1&insecure=true", objectstest.AccessKey, objectstest.SecretKey, "bucket \"interno\" at 127.0.0.1:1: unreachable"},
		}
		for name, c := range cases {
			t.Run(name, func(t *testing.T) {
				cfg, err := objects.ParseS3URL(c.url, c.access, c.secret)
				if err != nil {
					t.Fatal(err)
				}
				_, err = objects.NewS3(context.Background(), cfg, 5*time.Second)
				if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
					t.Fatalf("got %v, want one line with %q", err, c.want)
				}
			})
		}
	})
}

func TestParseS3URL(t *testing.T) {
	c, err := objects.ParseS3URL("s3://ak:sk@pics/live?endpoint=10.0.0.5:8333&region=eu-south-1&insecure=true", "", "")
	if err != nil {
		t.Fatal(err)
	}
	want := objects.S3Config{Bucket: "pics", Prefix: "live", Endpoint: "10.0.0.5:8333", Region: "eu-south-1",
		AccessKey: "ak", SecretKey: "sk", Insecure: true, PathStyle: true}
	if c != want {
		t.Fatalf("got %+v", c)
	}
	if c, _ := objects.ParseS3URL("s3://ak:sk@pics", "ENVKEY", "ENVSECRET"); c.AccessKey != "ENVKEY" || c.SecretKey != "ENVSECRET" || c.Endpoint != "s3.amazonaws.com" || c.Insecure {
		t.Fatalf("environment keys must win over the URL's: %+v", c)
	}
	for _, bad := range []string{"http://x", "s3://", "s3://bkt?endpoint=http://h:1", "s3://bkt?insecure=maybe", "s3://bkt?colour=red", "s3://Bad_Bucket", "s3://ak@b"} {
		if _, err := objects.ParseS3URL(bad, "", ""); err == nil {
			t.Errorf("%q was accepted", bad)
		}
	}
}
