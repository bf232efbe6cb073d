package app

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the flusher goroutine and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestBufferedLog(t *testing.T) {
	t.Run("InfoLinesArriveWithinTheInterval", func(t *testing.T) {
		out := &syncBuffer{}
		logs := newBufferedLog(out, 20*time.Millisecond)
		defer logs.Close()
		log := newLogger(Config{LogLevel: "info", LogFormat: "text"}, logs)
		log.Info("http", "path", "/api/health")
		deadline := time.Now().Add(5 * time.Second)
		for !strings.Contains(out.String(), "path=/api/health") {
			if time.Now().After(deadline) {
				t.Fatal("the access-log line never reached the output")
			}
			time.Sleep(5 * time.Millisecond)
		}
	})
	t.Run("WarningsGoOutAtOnceWithWhatCameBefore", func(t *testing.T) {
		out := &syncBuffer{}
		logs := newBufferedLog(out, time.Hour)
		defer logs.Close()
		log := newLogger(Config{LogLevel: "info", LogFormat: "json"}, logs).With("service", "interno")
		log.Info("http", "path", "/a")
		if out.String() != "" {
			t.Fatalf("an info line was written at once: %q", out.String())
		}
		log.ErrorContext(context.Background(), "panic", "path", "/b")
		got := out.String()
		if !strings.Contains(got, `"path":"/a"`) || !strings.Contains(got, `"path":"/b"`) || !strings.Contains(got, `"service":"interno"`) {
			t.Fatalf("after an error: %q", got)
		}
	})
	t.Run("CloseWritesTheRest", func(t *testing.T) {
		out := &syncBuffer{}
		logs := newBufferedLog(out, time.Hour)
		log := slog.New(slog.NewTextHandler(logs, nil))
		for i := 0; i < 100; i++ {
			log.Info("http", "i", i)
		}
		if err := logs.Close(); err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(out.String(), "msg=http"); n != 100 {
			t.Fatalf("%d lines after Close", n)
		}
	})
}
