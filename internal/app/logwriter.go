package app

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"sync"
	"time"
)

// logFlushInterval bounds how long an info line (the access log) waits in
// memory before it reaches the log output.
const logFlushInterval = 100 * time.Millisecond

// bufferedLog batches log lines so a request does not pay a write system call
// for its access-log line (measured as the largest single cost of a small API
// answer, docs/performance.md). Lines reach the output when 32 KB are
// waiting, every logFlushInterval, at once for warnings and errors (see
// flushOnWarn), and at Close. Only a process killed outright can lose the last
// logFlushInterval of info lines.
type bufferedLog struct {
	mu   sync.Mutex
	w    *bufio.Writer
	stop context.CancelFunc
	done chan struct{}
}

func newBufferedLog(out io.Writer, every time.Duration) *bufferedLog {
	ctx, stop := context.WithCancel(context.Background())
	b := &bufferedLog{w: bufio.NewWriterSize(out, 32<<10), stop: stop, done: make(chan struct{})}
	go func() {
		defer close(b.done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				_ = b.Flush()
			}
		}
	}()
	return b
}

// Write queues p (one formatted log record).
func (b *bufferedLog) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.w.Write(p)
}

// Flush writes every queued line out.
func (b *bufferedLog) Flush() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.w.Flush()
}

// Close stops the timer and writes what is left.
func (b *bufferedLog) Close() error {
	b.stop()
	<-b.done
	return b.Flush()
}

// flushOnWarn writes a warning or an error out as soon as it is logged, with
// every line queued before it, so a problem is never held back in memory.
type flushOnWarn struct {
	slog.Handler
	flush func() error
}

func (h flushOnWarn) Handle(ctx context.Context, r slog.Record) error {
	err := h.Handler.Handle(ctx, r)
	if r.Level >= slog.LevelWarn {
		if ferr := h.flush(); err == nil {
			err = ferr
		}
	}
	return err
}

func (h flushOnWarn) WithAttrs(attrs []slog.Attr) slog.Handler {
	return flushOnWarn{h.Handler.WithAttrs(attrs), h.flush}
}

func (h flushOnWarn) WithGroup(name string) slog.Handler {
	return flushOnWarn{h.Handler.WithGroup(name), h.flush}
}
