package store

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"interno/core/trace"
)

func TestSlowLogWritesSlowStatementsWithTheRequestAndWithoutValues(t *testing.T) {
	var buf bytes.Buffer
	l := slowLog{log: slog.New(trace.Handler(slog.NewTextHandler(&buf, nil))), threshold: 50 * time.Millisecond}
	ctx := trace.WithRequestID(context.Background(), "req-slow-0001")
	stmt := func() (string, int64) { return "SELECT * FROM users WHERE email = $1", 1 }

	l.Trace(ctx, time.Now(), stmt, nil)
	if buf.Len() != 0 {
		t.Fatalf("a fast statement was logged: %s", buf.String())
	}
	l.Trace(ctx, time.Now().Add(-time.Second), stmt, nil)
	line := buf.String()
	for _, want := range []string{"slow query", "request_id=req-slow-0001", "email = $1", "rows=1"} {
		if !strings.Contains(line, want) {
			t.Errorf("slow-query line lacks %q: %s", want, line)
		}
	}
	if sql, vars := l.ParamsFilter(ctx, "SELECT $1", "secret@example.com"); sql != "SELECT $1" || vars != nil {
		t.Errorf("values reach the log: %q %v", sql, vars)
	}
}
