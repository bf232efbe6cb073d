//go:build bench

package bench

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestLoad_Overhead measures the API's own overhead (issue 16): wrk drives,
// in one run and in interleaved rounds, the real binary's GET /api/health and
// GET /api/designers/{id} (SQLite, access log on, every middleware) and the
// anchors of test/bench/anchors — a bare Gin JSON route and the same GORM
// primary-key read on the same database file. The ratio real/anchor of
// requests per second is the share the middleware chain and the view leave.
func TestLoad_Overhead(t *testing.T) {
	wrk, err := exec.LookPath("wrk")
	if err != nil {
		t.Fatal("wrk is not installed (scripts/bench.sh installs it with apt-get)")
	}
	logFile, err := os.Create(filepath.Join(t.TempDir(), "access.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer logFile.Close()
	// The production log level (info): one access-log line per request.
	s := StartServerLogging(t, "sqlite", logFile, "INTERNO_LOG_LEVEL=info")
	seedDesigners(t, s, 1000)
	anchor, anchorPID := startAnchors(t, s.DataDir)

	const designer = 500
	targets := []struct {
		name, url string
		pid       int
	}{
		{"anchor: bare Gin JSON", anchor + "/anchor/json", anchorPID},
		{"GET /api/health", s.URL + "/api/health", s.PID()},
		{"anchor: bare Gin + GORM PK read", fmt.Sprintf("%s/anchor/designers/%d", anchor, designer), anchorPID},
		{"GET /api/designers/{id}", fmt.Sprintf("%s/api/designers/%d", s.URL, designer), s.PID()},
	}
	for _, tg := range targets {
		res, err := http.Get(tg.url)
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("%s: %v %v", tg.name, err, res)
		}
		res.Body.Close()
	}
	rounds, dur := 3, os.Getenv("OVERHEAD_DURATION")
	if dur == "" {
		dur = "5s"
	}
	// Requests per second is what the issue compares; on a shared machine it
	// moves with everyone else's load, so the server's own CPU time per
	// request (from /proc, user + system) is recorded beside it.
	rps := make([][]float64, len(targets))
	cpu := make([][]float64, len(targets))
	for r := 0; r < rounds; r++ {
		for i, tg := range targets {
			before := cpuTime(t, tg.pid)
			rate, n := runWrk(t, wrk, tg.url, dur)
			rps[i] = append(rps[i], rate)
			cpu[i] = append(cpu[i], float64((cpuTime(t, tg.pid)-before).Microseconds())/float64(n))
		}
	}
	median := func(xs []float64) float64 {
		s := slices.Clone(xs)
		slices.Sort(s)
		return s[len(s)/2]
	}
	m, c := make([]float64, len(targets)), make([]float64, len(targets))
	for i, tg := range targets {
		m[i], c[i] = median(rps[i]), median(cpu[i])
		fmt.Printf("LOAD %-40s wrk -t1 -c16 -d%s: median %.0f req/s (rounds %s), server CPU %.1f µs/request\n",
			tg.name, dur, m[i], joinFloats(rps[i]), c[i])
	}
	fmt.Printf("LOAD overhead (req/s): GET /api/health = %.2f× bare Gin JSON; GET /api/designers/{id} = %.2f× bare Gin + GORM PK read (target ≥ 0.80×)\n",
		m[1]/m[0], m[3]/m[2])
	fmt.Printf("LOAD overhead (server CPU per request, anchor/real): GET /api/health = %.2f×; GET /api/designers/{id} = %.2f×\n",
		c[0]/c[1], c[2]/c[3])
	if lines := countLines(t, logFile.Name()); lines == 0 {
		t.Error("the access log stayed empty: the measurement did not include it")
	}
}

func joinFloats(xs []float64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.FormatFloat(x, 'f', 0, 64)
	}
	return strings.Join(parts, "/")
}

var (
	wrkRate  = regexp.MustCompile(`Requests/sec:\s+([0-9.]+)`)
	wrkCount = regexp.MustCompile(`(\d+) requests in`)
)

// runWrk runs one bounded wrk load (one thread, 16 connections) on a loopback
// URL and returns its requests per second and count; non-2xx answers fail the test.
func runWrk(t *testing.T, wrk, url, dur string) (float64, int) {
	t.Helper()
	out, err := exec.Command(wrk, "-t1", "-c16", "-d"+dur, "--timeout", "2s", url).CombinedOutput()
	if err != nil {
		t.Fatalf("wrk %s: %v\n%s", url, err, out)
	}
	if strings.Contains(string(out), "Non-2xx") {
		t.Fatalf("wrk %s: errors\n%s", url, out)
	}
	m, n := wrkRate.FindSubmatch(out), wrkCount.FindSubmatch(out)
	if m == nil || n == nil {
		t.Fatalf("wrk %s: no rate in\n%s", url, out)
	}
	v, _ := strconv.ParseFloat(string(m[1]), 64)
	count, _ := strconv.Atoi(string(n[1]))
	return v, max(count, 1)
}

// cpuTime is a process's user + system CPU time so far (/proc/PID/stat).
func cpuTime(t *testing.T, pid int) time.Duration {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	// Fields after the parenthesised command name; utime and stime are the 14th and 15th.
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+2:]))
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * time.Second / 100 // USER_HZ is 100 on Linux
}

func countLines(t *testing.T, name string) int {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	for sc := bufio.NewScanner(f); sc.Scan(); {
		n++
	}
	return n
}

// startAnchors builds and starts test/bench/anchors on the server's data dir
// and returns its URL and process id.
func startAnchors(t *testing.T, dataDir string) (string, int) {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "anchors")
	if out, err := exec.Command("go", "build", "-o", bin, "./anchors").CombinedOutput(); err != nil {
		t.Fatalf("build anchors: %v\n%s", err, out)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	cmd := exec.Command(bin, "-addr", addr, "-data", dataDir)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
	})
	url := "http://" + addr
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if res, err := http.Get(url + "/anchor/json"); err == nil {
			res.Body.Close()
			return url, cmd.Process.Pid
		}
	}
	t.Fatal("anchors did not start")
	return "", 0
}
