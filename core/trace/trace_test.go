package trace

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"
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
}

func TestScopeCarriesItsRequestIDAndItsParent(t *testing.T) {
	type key struct{}
	parent, cancel := context.WithCancel(context.WithValue(context.Background(), key{}, "parent value"))
	s := &Scope{Context: parent, ID: "req-scope-0001"}
	child, cancelChild := context.WithTimeout(s, time.Minute)
	defer cancelChild()
	if got := RequestID(child); got != "req-scope-0001" {
		t.Fatalf("derived context carries %q, want req-scope-0001", got)
	}
	if got := child.Value(key{}); got != "parent value" {
		t.Fatalf("other keys must reach the parent: %v", got)
	}
	// An inner id wins over the Scope's, as with context.WithValue.
	if got := RequestID(WithRequestID(child, "req-inner-0002")); got != "req-inner-0002" {
		t.Fatalf("inner id: %q", got)
	}
	cancel()
	<-child.Done()
	if s.Err() == nil || child.Err() == nil {
		t.Fatal("cancelling the parent must reach the Scope and its children")
	}
	if testing.AllocsPerRun(100, func() { _ = RequestID(child) }) != 0 {
		t.Error("reading the id of a Scope must not allocate")
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
