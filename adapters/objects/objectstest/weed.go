// Package objectstest starts a real S3-compatible store for tests: a
// SeaweedFS server (`weed server ... -s3`) with every port on loopback and
// its data in a temporary folder, stopped when the test ends. The binary is
// built once into the user's cache by scripts/install-seaweedfs.sh (make test
// runs it when missing). Without the binary a test is skipped with a clear
// message, except under CI=true, where it fails.
package objectstest

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// Credentials of the identity the test server knows.
const (
	AccessKey = "interno-test-access"
	SecretKey = "interno-test-secret-0123456789abcdef"
)

// weedVersion is the SeaweedFS commit scripts/install-seaweedfs.sh builds.
const weedVersion = "7506e5f91cd6"

// Binary is the weed binary: $INTERNO_WEED_BIN, else the install script's cache path.
func Binary() string {
	if b := os.Getenv("INTERNO_WEED_BIN"); b != "" {
		return b
	}
	base := os.Getenv("INTERNO_CACHE_DIR")
	if base == "" {
		home, _ := os.UserHomeDir()
		base = filepath.Join(home, ".cache", "interno")
	}
	return filepath.Join(base, "weed-"+weedVersion, "weed")
}

// Server is a running SeaweedFS with its S3 gateway.
type Server struct {
	Endpoint string // 127.0.0.1:port of the S3 gateway
	Client   *minio.Client
	logPath  string
}

// URL is an INTERNO_STORAGE_URL for bucket on this server (credentials apart).
func (s *Server) URL(bucket string) string {
	return "s3://" + bucket + "?endpoint=" + s.Endpoint + "&region=us-east-1&insecure=true"
}

// NewBucket creates a bucket with a unique name and returns it.
func (s *Server) NewBucket(t testing.TB) string {
	t.Helper()
	name := fmt.Sprintf("t%d", time.Now().UnixNano())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := s.Client.MakeBucket(ctx, name, minio.MakeBucketOptions{}); err != nil {
		t.Fatalf("make bucket %s: %v (weed log: %s)", name, err, s.logPath)
	}
	return name
}

func freePorts(t testing.TB, n int) []int {
	t.Helper()
	var ports []int
	var ls []net.Listener
	for len(ports) < n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	for _, l := range ls {
		l.Close()
	}
	return ports
}

// Start returns a SeaweedFS server for the test: skipped when the binary is
// missing outside CI, failed when it is missing in CI or does not come up.
func Start(t testing.TB) *Server {
	t.Helper()
	bin := Binary()
	if _, err := os.Stat(bin); err != nil {
		msg := fmt.Sprintf("SeaweedFS binary %s is missing: run scripts/install-seaweedfs.sh (make test does) or set INTERNO_WEED_BIN", bin)
		if os.Getenv("CI") == "true" {
			t.Fatal(msg + " (CI=true: not skipping)")
		}
		t.Skip(msg)
	}
	return start(t, bin)
}

func start(t testing.TB, bin string) *Server {
	t.Helper()
	dir := t.TempDir()
	cfg, _ := json.Marshal(map[string]any{"identities": []any{map[string]any{
		"name":        "interno",
		"credentials": []any{map[string]string{"accessKey": AccessKey, "secretKey": SecretKey}},
		"actions":     []string{"Admin", "Read", "List", "Tagging", "Write"},
	}}})
	cfgPath := filepath.Join(dir, "s3.json")
	if err := os.WriteFile(cfgPath, cfg, 0o600); err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(dir, "data")
	if err := os.MkdirAll(data, 0o755); err != nil {
		t.Fatal(err)
	}
	p := freePorts(t, 8)
	args := []string{"server", "-dir=" + data, "-ip=127.0.0.1", "-ip.bind=127.0.0.1",
		"-master.port=" + strconv.Itoa(p[0]), "-master.port.grpc=" + strconv.Itoa(p[1]),
		"-volume.port=" + strconv.Itoa(p[2]), "-volume.port.grpc=" + strconv.Itoa(p[3]),
		"-filer.port=" + strconv.Itoa(p[4]), "-filer.port.grpc=" + strconv.Itoa(p[5]),
		"-s3", "-s3.port=" + strconv.Itoa(p[6]), "-s3.port.grpc=" + strconv.Itoa(p[7]),
		"-s3.port.iceberg=0", "-s3.port.lance=0", "-s3.config=" + cfgPath,
		"-master.volumeSizeLimitMB=64", "-volume.max=0",
	}
	logPath := filepath.Join(dir, "weed.log")
	logf, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", bin, err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		select {
		case <-exited:
		case <-time.After(20 * time.Second):
			_ = cmd.Process.Kill()
			<-exited
		}
		logf.Close()
	})
	endpoint := "127.0.0.1:" + strconv.Itoa(p[6])
	client, err := minio.New(endpoint, &minio.Options{
		Creds: credentials.NewStaticV4(AccessKey, SecretKey, ""), Region: "us-east-1",
		BucketLookup: minio.BucketLookupPath,
	})
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{Endpoint: endpoint, Client: client, logPath: logPath}
	// Ready when a bucket can be created and written: the gateway answers
	// before the master has volumes to give out.
	deadline := time.Now().Add(90 * time.Second)
	probe := fmt.Sprintf("ready%d", time.Now().UnixNano())
	var last error
	for {
		select {
		case err := <-exited:
			t.Fatalf("weed exited during start-up: %v\n%s", err, tail(logPath))
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("SeaweedFS not ready after 90 s: %v\n%s", last, tail(logPath))
		}
		last = ready(client, probe)
		if last == nil {
			return s
		}
		// Poll again on the next tick; each attempt is itself bounded.
		<-time.After(100 * time.Millisecond)
	}
}

func ready(c *minio.Client, bucket string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ok, err := c.BucketExists(ctx, bucket)
	if err != nil {
		return err
	}
	if !ok {
		if err := c.MakeBucket(ctx, bucket, minio.MakeBucketOptions{}); err != nil {
			return err
		}
	}
	_, err = c.PutObject(ctx, bucket, "probe", strings.NewReader("ok"), 2, minio.PutObjectOptions{})
	return err
}

func tail(path string) string {
	b, _ := os.ReadFile(path)
	if len(b) > 4000 {
		b = b[len(b)-4000:]
	}
	return string(b)
}
