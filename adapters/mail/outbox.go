package mail

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"interno/core/email"
)

// outboxTimeLayout makes file names sort by the time they were written.
const outboxTimeLayout = "20060102T150405.000000000Z"

// OutboxOptions configure a FileOutbox.
type OutboxOptions struct {
	// From is the sender written into each message; defaults to DefaultFrom.
	From string
	// Clock stamps the Date header and the file name; tests pin it.
	Clock func() time.Time
	// Logger receives one line per message; defaults to slog.Default().
	Logger *slog.Logger
}

// FileOutbox is the Sender for runs without an SMTP relay: every message lands
// as an .eml file a developer can open in a mail client, and the e2e tests can
// read links from, with exactly the MIME SMTP would have sent.
type FileOutbox struct {
	dir      string
	composer composer
	clock    func() time.Time
	logger   *slog.Logger

	mu   sync.Mutex
	last time.Time // newest time used in a file name, to keep names strictly increasing
}

var _ email.Sender = (*FileOutbox)(nil)

// NewFileOutbox creates dir when missing and returns an outbox writing into it.
func NewFileOutbox(dir string, opts OutboxOptions) (*FileOutbox, error) {
	if dir == "" {
		return nil, errors.New("outbox: directory is required")
	}
	comp, err := newComposer(opts.From, opts.Clock)
	if err != nil {
		return nil, fmt.Errorf("outbox: %w", err)
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("outbox: %w", err)
	}
	logger := opts.Logger
	if logger == nil {
		logger = slog.Default()
	}
	return &FileOutbox{dir: dir, composer: comp, clock: comp.clock, logger: logger}, nil
}

// Dir is where the .eml files are written.
func (o *FileOutbox) Dir() string { return o.dir }

// Send writes msg atomically (temporary file, fsync, rename) so a reader never
// sees half a message, then logs recipient, subject and path.
func (o *FileOutbox) Send(ctx context.Context, msg email.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	m, err := o.composer.compose(msg)
	if err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	var buf bytes.Buffer
	if err := render(m, &buf); err != nil {
		return fmt.Errorf("outbox: render: %w", err)
	}
	path := filepath.Join(o.dir, o.nextName())
	if err := writeAtomic(path, buf.Bytes()); err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	o.logger.InfoContext(ctx, "e-mail written to outbox", "to", msg.To, "subject", msg.Subject, "file", path)
	return nil
}

// nextName returns a name sorting after every earlier one, even when the
// clock is pinned or goes backwards, plus a random suffix against collisions
// between processes sharing the directory.
func (o *FileOutbox) nextName() string {
	o.mu.Lock()
	now := o.clock().UTC()
	if !now.After(o.last) {
		now = o.last.Add(time.Nanosecond)
	}
	o.last = now
	o.mu.Unlock()
	return now.Format(outboxTimeLayout) + "-" + randomToken()[:10] + ".eml"
}

// writeAtomic writes data to path through a temporary file in the same
// directory, so the rename is atomic and the content durable.
func writeAtomic(path string, data []byte) (err error) {
	dir := filepath.Dir(path)
	// The temporary name does not end in .eml, so nothing that lists the
	// outbox (a mail client, the tests) ever reads a half-written message.
	tmp, err := os.CreateTemp(dir, ".tmp-*.part")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return err
	}
	if err = tmp.Chmod(0o640); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	// Make the rename itself durable; not every platform can sync a directory.
	if d, derr := os.Open(dir); derr == nil {
		_ = d.Sync()
		_ = d.Close()
	}
	return nil
}

// List returns the names of the .eml files, oldest first.
func (o *FileOutbox) List() ([]string, error) {
	entries, err := os.ReadDir(o.dir)
	if err != nil {
		return nil, fmt.Errorf("outbox: %w", err)
	}
	var names []string
	for _, e := range entries {
		name := e.Name()
		if e.Type().IsRegular() && strings.HasSuffix(name, ".eml") && !strings.HasPrefix(name, ".") {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names, nil
}

// Read decodes one file named by List.
func (o *FileOutbox) Read(name string) (email.Message, error) {
	if name == "" || name != filepath.Base(name) || strings.HasPrefix(name, ".") {
		return email.Message{}, fmt.Errorf("outbox: %q is not a file name from List", name)
	}
	return ReadEML(filepath.Join(o.dir, name))
}

// Newest returns the most recent message sent to the address to (compared
// case-insensitively), which is how tests fetch a reset link or invitation.
// The error wraps fs.ErrNotExist when there is none.
func (o *FileOutbox) Newest(to string) (email.Message, error) {
	names, err := o.List()
	if err != nil {
		return email.Message{}, err
	}
	for _, name := range slices.Backward(names) {
		msg, err := o.Read(name)
		if err != nil {
			return email.Message{}, fmt.Errorf("outbox: %s: %w", name, err)
		}
		if strings.EqualFold(msg.To, to) {
			return msg, nil
		}
	}
	return email.Message{}, fmt.Errorf("outbox: no message to %s: %w", to, fs.ErrNotExist)
}
