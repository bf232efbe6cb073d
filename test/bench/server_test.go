//go:build bench

package bench

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"interno/adapters/store/storetest"
)

// Server is a running interno binary used by a load scenario.
type Server struct {
	URL     string
	DataDir string
	Env     []string
	cmd     *exec.Cmd
}

// PID is the server process's id.
func (s *Server) PID() int { return s.cmd.Process.Pid }

// StartServer runs INTERNO_BIN (default bin/interno) on a free port, on SQLite
// or on a fresh PostgreSQL schema, with throttling off, and stops it at the end.
func StartServer(t *testing.T, dialect string, extra ...string) *Server {
	t.Helper()
	return StartServerLogging(t, dialect, os.Stderr, extra...)
}

// StartServerLogging is StartServer with the server's log (stdout and
// stderr, where the access log goes) written to logs.
func StartServerLogging(t *testing.T, dialect string, logs io.Writer, extra ...string) *Server {
	t.Helper()
	bin := os.Getenv("INTERNO_BIN")
	if bin == "" {
		bin = "../../bin/interno"
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	s := &Server{URL: fmt.Sprintf("http://127.0.0.1:%d", port), DataDir: t.TempDir()}
	s.Env = append(os.Environ(), fmt.Sprintf("INTERNO_ADDR=127.0.0.1:%d", port), "INTERNO_DATA_DIR="+s.DataDir,
		"INTERNO_BASE_URL="+s.URL, "INTERNO_RATE_LIMITS=off", "INTERNO_LOG_LEVEL=warn", "INTERNO_DATABASE_URL=")
	if dialect == "postgres" {
		s.Env = append(s.Env, "INTERNO_DATABASE_URL="+storetest.NewPostgresSchema(t))
	}
	s.Env = append(s.Env, extra...)
	s.cmd = exec.Command(bin, "serve")
	s.cmd.Env = s.Env
	s.cmd.Stdout, s.cmd.Stderr = logs, logs
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = s.cmd.Process.Signal(syscall.SIGTERM)
		_ = s.cmd.Wait()
	})
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if res, err := http.Get(s.URL + "/api/health"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return s
			}
		}
	}
	t.Fatal("server did not start")
	return nil
}
