package backup

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// LockName is the advisory lock file in the data directory. Every process that uses the
// data directory (serve, migrate, seed, admin, backup) holds a shared lock on it for its
// whole life; a restore takes it exclusively, so a restore never runs while the data is in
// use and nothing starts on a data directory while a restore swaps it. The kernel drops the
// lock when a process ends, even by SIGKILL, so a crash never leaves a stale lock behind.
const LockName = "interno.lock"

// ErrInUse says the data directory is held by another process.
var ErrInUse = errors.New("data directory in use")

// Lock is a held advisory lock on a data directory.
type Lock struct{ f *os.File }

// Release drops the lock.
func (l *Lock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := l.f.Close()
	l.f = nil
	return err
}

// ShareDataDir takes the shared lock that marks the data directory as in use. It fails at
// once (never waits) while a restore holds the directory.
func ShareDataDir(dir string) (*Lock, error) {
	l, err := lockDataDir(dir, syscall.LOCK_SH)
	if errors.Is(err, ErrInUse) {
		return nil, fmt.Errorf("%w: a restore is replacing the data in %s (%s is held); start again when it has finished", ErrInUse, dir, LockName)
	}
	return l, err
}

// OwnDataDir takes the exclusive lock a restore needs. It fails at once while any Interno
// process (a running server, a migration, a backup) uses the directory.
func OwnDataDir(dir string) (*Lock, error) {
	l, err := lockDataDir(dir, syscall.LOCK_EX)
	if errors.Is(err, ErrInUse) {
		return nil, fmt.Errorf("%w: an Interno process (a running server, a backup or a migration) holds %s in %s; stop it first", ErrInUse, LockName, dir)
	}
	return l, err
}

func lockDataDir(dir string, how int) (*Lock, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("create data directory: %w", err)
	}
	f, err := os.OpenFile(filepath.Join(dir, LockName), os.O_RDWR|os.O_CREATE, 0o640)
	if err != nil {
		return nil, fmt.Errorf("open lock file: %w", err)
	}
	for {
		err = syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, ErrInUse
		}
		return nil, fmt.Errorf("lock %s: %w", filepath.Join(dir, LockName), err)
	}
	return &Lock{f: f}, nil
}
