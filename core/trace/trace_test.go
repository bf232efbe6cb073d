package trace

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
)

func TestRequestIDTravelsInContext(t *testing.T) {
	ctx := context.Background()
	if got := RequestID(ctx); got != "" {
		t.Fatalf("empty context carries %q", got)
	}
	if WithRequestID(ctx, "") != ctx {
		t.Fatal("an empty id must leave the context unchanged")
	}
	child, cancel := context.WithCancel(WithRequestID(ctx, "req-12345678"))
	defer cancel()
	if got := RequestID(child); got != "req-12345678" {
		t.Fatalf("derived context carries %q, want req-12345678", got)
	}
	if got := RequestID(nil); got != "" { //nolint:staticcheck // nil is what a careless caller passes
		t.Fatalf("nil context carries %q", got)
	}
}

func TestHandlerWritesTheRequestIDOfTheContext(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(Handler(slog.NewTextHandler(&buf, nil))).With("component", "mail")
	log.InfoContext(WithRequestID(context.Background(), "abcdef123456"), "e-mail sent", "kind", "reset")
	log.InfoContext(context.Background(), "tick")
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("want 2 lines, got %q", buf.String())
	}
	if !strings.Contains(lines[0], "request_id=abcdef123456") || !strings.Contains(lines[0], "component=mail") {
		t.Errorf("line with a request id: %s", lines[0])
	}
	if strings.Contains(lines[1], "request_id") {
		t.Errorf("line without a request in its context names one: %s", lines[1])
	}
}
