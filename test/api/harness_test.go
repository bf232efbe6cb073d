// Package api_test holds the black-box API tests: they build (or take) the
// real interno binary, start it on a free port with a temp data directory,
// once on SQLite and once on a fresh PostgreSQL schema, and talk HTTP to it.
package api_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"interno/adapters/mail"
	"interno/adapters/store/storetest"
	"interno/core/email"
)

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// binary returns INTERNO_BIN, or builds the binary once into a temp dir.
func binary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		if p := os.Getenv("INTERNO_BIN"); p != "" {
			binPath = p
			return
		}
		dir, err := os.MkdirTemp("", "interno-bin")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "interno")
		out, err := exec.Command("go", "build", "-o", binPath, "interno/cmd/interno").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// server is one running interno process.
type server struct {
	t       *testing.T
	URL     string
	DataDir string
	cmd     *exec.Cmd
	logs    *lockedBuffer
	done    chan error
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// start runs the binary against dialect ("sqlite" or "postgres") with extra env.
func start(t *testing.T, dialect string, extra ...string) *server {
	t.Helper()
	if dialect == "postgres" {
		return startOn(t, storetest.NewPostgresSchema(t), extra...)
	}
	return startOn(t, "", extra...)
}

// startOn runs the binary on the database at dbURL ("" for SQLite in its own
// data directory): two servers started on one URL are two instances of one
// deployment.
func startOn(t *testing.T, dbURL string, extra ...string) *server {
	t.Helper()
	port := freePort(t)
	s := &server{t: t, URL: fmt.Sprintf("http://127.0.0.1:%d", port), DataDir: t.TempDir(), logs: &lockedBuffer{}, done: make(chan error, 1)}
	env := append(os.Environ(),
		"INTERNO_ADDR=127.0.0.1:"+fmt.Sprint(port), "INTERNO_DATA_DIR="+s.DataDir, "INTERNO_BASE_URL="+s.URL,
		"INTERNO_RATE_LIMITS=off", "INTERNO_LOG_FORMAT=json", "INTERNO_DATABASE_URL="+dbURL)
	env = append(env, extra...)
	s.cmd = exec.Command(binary(t), "serve")
	s.cmd.Env = env
	s.cmd.Stdout, s.cmd.Stderr = s.logs, s.logs
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { s.done <- s.cmd.Wait() }()
	t.Cleanup(s.stop)
	deadline := time.Now().Add(30 * time.Second)
	for {
		res, err := http.Get(s.URL + "/api/health")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return s
			}
		}
		select {
		case err := <-s.done:
			t.Fatalf("server exited during start-up: %v\n%s", err, s.logs.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("server did not become healthy:\n%s", s.logs.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// stop sends SIGTERM and expects a clean exit.
func (s *server) stop() {
	if s.cmd.ProcessState != nil {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-s.done:
		if err != nil && !s.t.Failed() {
			s.t.Errorf("server did not exit cleanly: %v\n%s", err, s.logs.String())
		}
	case <-time.After(20 * time.Second):
		_ = s.cmd.Process.Kill()
		s.t.Errorf("server did not stop within 20s")
	}
	if s.t.Failed() {
		s.t.Logf("server logs:\n%s", tail(s.logs.String(), 40))
	}
}

func tail(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// each runs fn against a fresh server on SQLite and on PostgreSQL.
func each(t *testing.T, fn func(t *testing.T, s *server), extra ...string) {
	for _, d := range []string{"sqlite", "postgres"} {
		t.Run(d, func(t *testing.T) { fn(t, start(t, d, extra...)) })
	}
}

// reply is a decoded HTTP answer.
type reply struct {
	Status int
	Header http.Header
	Raw    []byte
}

// JSON decodes the body as an object.
func (r reply) JSON() map[string]any {
	var m map[string]any
	_ = json.Unmarshal(r.Raw, &m)
	return m
}

// call sends a request; body may be nil, a string (sent as is) or a value (JSON).
func (s *server) call(method, path, token string, body any, headers ...string) reply {
	s.t.Helper()
	r, err := s.try(method, path, token, body, headers...)
	if err != nil {
		s.t.Fatalf("%s %s: %v", method, path, err)
	}
	return r
}

// try is call for a server that may be gone: a transport error is returned,
// not fatal (and it may run outside the test's goroutine).
func (s *server) try(method, path, token string, body any, headers ...string) (reply, error) {
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		data, _ := json.Marshal(b)
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, s.URL+path, rd)
	if err != nil {
		return reply{}, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := (&http.Client{Timeout: 30 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}).Do(req)
	if err != nil {
		return reply{}, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	return reply{Status: res.StatusCode, Header: res.Header, Raw: raw}, err
}

// must is call plus a status assertion.
func (s *server) must(status int, method, path, token string, body any, headers ...string) reply {
	s.t.Helper()
	r := s.call(method, path, token, body, headers...)
	if r.Status != status {
		s.t.Fatalf("%s %s: status %d, want %d: %s", method, path, r.Status, status, r.Raw)
	}
	return r
}

// register creates a customer and returns the token and id.
func (s *server) register(emailAddr string) (string, int64) {
	s.t.Helper()
	m := s.must(201, "POST", "/api/auth/register", "", map[string]any{"email": emailAddr, "password": "password123", "name": "Cliente " + emailAddr}).JSON()
	return m["access_token"].(string), int64(m["id"].(float64))
}

// login returns a token.
func (s *server) login(emailAddr, password string) string {
	s.t.Helper()
	return s.must(200, "POST", "/api/auth/login", "", map[string]any{"email": emailAddr, "password": password}).JSON()["access_token"].(string)
}

// cli runs another interno command against the same data and database.
func (s *server) cli(args ...string) (string, error) {
	cmd := exec.Command(binary(s.t), args...)
	cmd.Env = s.cmd.Env
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// mailTo waits for the newest message to an address in the file outbox.
func (s *server) mailTo(to string) email.Message {
	s.t.Helper()
	dir := filepath.Join(s.DataDir, "outbox")
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		names, _ := filepath.Glob(filepath.Join(dir, "*.eml"))
		sort.Strings(names)
		for i := len(names) - 1; i >= 0; i-- {
			m, err := mail.ReadEML(names[i])
			if err == nil && strings.EqualFold(m.To, to) {
				return m
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	s.t.Fatalf("no e-mail to %s in %s", to, dir)
	return email.Message{}
}

// logLines returns the server's JSON log lines matching msg.
func (s *server) logLines(msg string) []map[string]any {
	var out []map[string]any
	sc := bufio.NewScanner(strings.NewReader(s.logs.String()))
	for sc.Scan() {
		var m map[string]any
		if json.Unmarshal(sc.Bytes(), &m) == nil && m["msg"] == msg {
			out = append(out, m)
		}
	}
	return out
}
