package objects

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
	"github.com/minio/minio-go/v7/pkg/s3utils"

	"interno/core/files"
)

// S3Config is a parsed INTERNO_STORAGE_URL:
//
//	s3://[access:secret@]bucket[/prefix]?endpoint=host:port&region=eu-south-1&insecure=true
//
// endpoint defaults to s3.amazonaws.com; insecure=true talks plain HTTP (a
// store on loopback or a private network); path_style=false asks for
// virtual-host addressing (the default is path style, which every
// S3-compatible server understands). Credentials come from
// INTERNO_STORAGE_ACCESS_KEY and INTERNO_STORAGE_SECRET_KEY when set, else
// from the URL's user information, so the secret can stay out of a URL that
// ends up in shell histories and process lists.
type S3Config struct {
	Bucket, Prefix, Endpoint, Region string
	AccessKey, SecretKey             string
	Insecure, PathStyle              bool
}

// ParseS3URL reads a storage URL; accessKey and secretKey, when both are
// set, override the URL's user information.
func ParseS3URL(raw, accessKey, secretKey string) (S3Config, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return S3Config{}, errors.New("not a URL: use s3://BUCKET?endpoint=HOST:PORT&region=REGION")
	}
	if u.Scheme != "s3" {
		return S3Config{}, fmt.Errorf("unsupported scheme %q: use s3://BUCKET?endpoint=HOST:PORT&region=REGION", u.Scheme)
	}
	c := S3Config{Bucket: u.Host, Prefix: strings.Trim(u.Path, "/"), PathStyle: true}
	if c.Bucket == "" {
		return S3Config{}, errors.New("the bucket is missing: use s3://BUCKET?endpoint=HOST:PORT&region=REGION")
	}
	if err := s3utils.CheckValidBucketNameStrict(c.Bucket); err != nil {
		return S3Config{}, fmt.Errorf("bucket %q: %v", c.Bucket, err)
	}
	q := u.Query()
	for k := range q {
		switch k {
		case "endpoint", "region", "insecure", "path_style":
		default:
			return S3Config{}, fmt.Errorf("unknown option %q (known: endpoint, region, insecure, path_style)", k)
		}
	}
	c.Endpoint, c.Region = q.Get("endpoint"), q.Get("region")
	if c.Endpoint == "" {
		c.Endpoint = "s3.amazonaws.com"
	}
	if strings.Contains(c.Endpoint, "/") {
		return S3Config{}, fmt.Errorf("endpoint %q: give host:port, without a scheme (insecure=true for plain HTTP)", c.Endpoint)
	}
	for name, dst := range map[string]*bool{"insecure": &c.Insecure, "path_style": &c.PathStyle} {
		if v := q.Get(name); v != "" {
			b, err := strconv.ParseBool(v)
			if err != nil {
				return S3Config{}, fmt.Errorf("%s=%q: use true or false", name, v)
			}
			*dst = b
		}
	}
	if u.User != nil {
		c.AccessKey = u.User.Username()
		c.SecretKey, _ = u.User.Password()
	}
	if accessKey != "" || secretKey != "" {
		c.AccessKey, c.SecretKey = accessKey, secretKey
	}
	if (c.AccessKey == "") != (c.SecretKey == "") {
		return S3Config{}, errors.New("give both the access key and the secret key, or neither")
	}
	return c, nil
}

// S3 is a files.Store in a bucket of an S3-compatible object store.
type S3 struct {
	client *minio.Client
	cfg    S3Config
}

// NewS3 connects and checks, within timeout, that the bucket exists and
// these credentials can list it, so bad configuration stops start-up with
// one clear error instead of failing the first upload.
func NewS3(ctx context.Context, cfg S3Config, timeout time.Duration) (*S3, error) {
	var creds *credentials.Credentials
	if cfg.AccessKey != "" {
		creds = credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, "")
	} else {
		creds = credentials.New(&credentials.Static{}) // anonymous requests
	}
	lookup := minio.BucketLookupPath
	if !cfg.PathStyle {
		lookup = minio.BucketLookupDNS
	}
	client, err := minio.New(cfg.Endpoint, &minio.Options{
		Creds: creds, Secure: !cfg.Insecure, Region: cfg.Region, BucketLookup: lookup,
		MaxRetries: 1,
	})
	if err != nil {
		return nil, fmt.Errorf("endpoint %s: %w", cfg.Endpoint, err)
	}
	s := &S3{client: client, cfg: cfg}
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	ok, err := client.BucketExists(cctx, cfg.Bucket)
	if err != nil {
		return nil, fmt.Errorf("bucket %q at %s: %s", cfg.Bucket, cfg.Endpoint, describeS3Error(err))
	}
	if !ok {
		return nil, fmt.Errorf("bucket %q at %s does not exist: create it first", cfg.Bucket, cfg.Endpoint)
	}
	// BucketExists may pass anonymously on a public bucket: listing proves the keys.
	// The first answer is enough; the listing stops when cctx ends.
	if obj, ok := <-client.ListObjects(cctx, cfg.Bucket, minio.ListObjectsOptions{Prefix: s.key(""), MaxKeys: 1}); ok && obj.Err != nil {
		return nil, fmt.Errorf("bucket %q at %s: %s", cfg.Bucket, cfg.Endpoint, describeS3Error(obj.Err))
	}
	return s, nil
}

// describeS3Error turns the usual start-up failures into a short reason.
func describeS3Error(err error) string {
	switch minio.ToErrorResponse(err).Code {
	case "InvalidAccessKeyId":
		return "the access key is unknown (INTERNO_STORAGE_ACCESS_KEY)"
	case "SignatureDoesNotMatch":
		return "the secret key is wrong (INTERNO_STORAGE_SECRET_KEY)"
	case "AccessDenied":
		// Some stores (SeaweedFS among them) answer this for a wrong key or
		// secret too, without saying which.
		return "access denied: the access key or the secret key is wrong (INTERNO_STORAGE_ACCESS_KEY, INTERNO_STORAGE_SECRET_KEY), or these credentials may not use this bucket"
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return "no answer (is the endpoint right and the store running?)"
	}
	return "unreachable or refused: " + err.Error()
}

// Describe names the bucket.
func (s *S3) Describe() string {
	d := "bucket " + s.cfg.Bucket
	if s.cfg.Prefix != "" {
		d += "/" + s.cfg.Prefix
	}
	return d + " at " + s.cfg.Endpoint
}

// Bucket is the bucket's name.
func (s *S3) Bucket() string { return s.cfg.Bucket }

// Prefix is where this store's keys start in the bucket ("" or "p/").
func (s *S3) key(k string) string {
	if s.cfg.Prefix == "" {
		return k
	}
	return s.cfg.Prefix + "/" + k
}

func (s *S3) unkey(k string) string {
	if s.cfg.Prefix == "" {
		return k
	}
	return strings.TrimPrefix(k, s.cfg.Prefix+"/")
}

func s3NotExist(err error) error {
	switch minio.ToErrorResponse(err).Code {
	case "NoSuchKey", "NotFound":
		return fmt.Errorf("%w: %w", files.ErrNotExist, err)
	}
	return err
}

// Put uploads data; S3 replaces objects atomically.
func (s *S3) Put(ctx context.Context, key string, data []byte, contentType string) error {
	if contentType == "" {
		contentType = "application/octet-stream"
	}
	_, err := s.client.PutObject(ctx, s.cfg.Bucket, s.key(key), bytes.NewReader(data), int64(len(data)),
		minio.PutObjectOptions{ContentType: contentType})
	return err
}

// Open returns a seekable reader over the object (ranged reads on seek).
func (s *S3) Open(ctx context.Context, key string) (io.ReadSeekCloser, files.Info, error) {
	obj, err := s.client.GetObject(ctx, s.cfg.Bucket, s.key(key), minio.GetObjectOptions{})
	if err != nil {
		return nil, files.Info{}, s3NotExist(err)
	}
	st, err := obj.Stat()
	if err != nil {
		obj.Close()
		return nil, files.Info{}, s3NotExist(err)
	}
	return obj, files.Info{Key: key, Size: st.Size, ModTime: st.LastModified}, nil
}

// Stat describes the object with one HEAD request.
func (s *S3) Stat(ctx context.Context, key string) (files.Info, error) {
	st, err := s.client.StatObject(ctx, s.cfg.Bucket, s.key(key), minio.StatObjectOptions{})
	if err != nil {
		return files.Info{}, s3NotExist(err)
	}
	return files.Info{Key: key, Size: st.Size, ModTime: st.LastModified}, nil
}

// Delete removes the object; S3 answers success for a missing one.
func (s *S3) Delete(ctx context.Context, key string) error {
	err := s.client.RemoveObject(ctx, s.cfg.Bucket, s.key(key), minio.RemoveObjectOptions{})
	if err != nil && errors.Is(s3NotExist(err), files.ErrNotExist) {
		return nil
	}
	return err
}

// List returns every object whose key starts with prefix, sorted by key.
func (s *S3) List(ctx context.Context, prefix string) ([]files.Info, error) {
	var out []files.Info
	for obj := range s.client.ListObjects(ctx, s.cfg.Bucket, minio.ListObjectsOptions{Prefix: s.key(prefix), Recursive: true}) {
		if obj.Err != nil {
			return nil, obj.Err
		}
		out = append(out, files.Info{Key: s.unkey(obj.Key), Size: obj.Size, ModTime: obj.LastModified})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out, nil
}

// Sub is a store over the same bucket whose keys live under prefix.
func (s *S3) Sub(prefix string) *S3 {
	c := s.cfg
	if c.Prefix != "" {
		prefix = c.Prefix + "/" + prefix
	}
	c.Prefix = prefix
	return &S3{client: s.client, cfg: c}
}
