package app

import (
	"context"
	"strings"
	"time"

	"interno/adapters/artwork"
	"interno/adapters/httpapi"
	"interno/adapters/imaging"
	"interno/adapters/mail"
	"interno/adapters/store"
	"interno/core/email"
	"interno/core/unitofwork"
)

// The small shims below translate between adapters' own types; they hold no
// logic, so adapters never import each other.

// mailStore lets the dispatcher drain the database queue.
type mailStore struct{ q *store.EmailQueue }

func (m mailStore) Due(ctx context.Context, now, leaseUntil time.Time, limit int) ([]mail.QueuedJob, error) {
	jobs, err := m.q.Due(ctx, now, leaseUntil, limit)
	out := make([]mail.QueuedJob, len(jobs))
	for i, j := range jobs {
		out[i] = mail.QueuedJob{ID: j.ID, Kind: j.Kind, Attempts: j.Attempts, Message: j.Message, RequestID: j.RequestID}
	}
	return out, err
}

func (m mailStore) MarkSent(ctx context.Context, id int64, at time.Time) error {
	return m.q.MarkSent(ctx, id, at)
}

func (m mailStore) MarkFailed(ctx context.Context, id int64, at time.Time, errText string, retryAt time.Time, dead bool) error {
	return m.q.MarkFailed(ctx, id, at, errText, retryAt, dead)
}

// wakingQueue nudges the dispatcher once the enqueuing transaction commits.
type wakingQueue struct {
	q *store.EmailQueue
	d *mail.Dispatcher
}

func (w wakingQueue) Enqueue(ctx context.Context, job email.Job) error {
	if err := w.q.Enqueue(ctx, job); err != nil {
		return err
	}
	unitofwork.AfterCommit(ctx, w.d.Wake)
	return nil
}

// idempotencyStore adapts the store's records to the HTTP layer's.
type idempotencyStore struct{ r *store.IdempotencyRepo }

func (s idempotencyStore) Find(ctx context.Context, caller, key string) (httpapi.StoredResponse, error) {
	r, err := s.r.Find(ctx, caller, key)
	return httpapi.StoredResponse{RequestHash: r.RequestHash, Status: r.Status, ContentType: r.ContentType, Body: r.Body}, err
}

func (s idempotencyStore) Lock(ctx context.Context, caller, key string) (bool, error) {
	return s.r.Lock(ctx, caller, key)
}

func (s idempotencyStore) Save(ctx context.Context, caller, key string, r httpapi.StoredResponse) error {
	return s.r.Save(ctx, caller, key, store.IdempotentResponse{RequestHash: r.RequestHash, Status: r.Status,
		ContentType: r.ContentType, Body: r.Body})
}

// profilePictures stores customers' photos through the image pipeline.
type profilePictures struct{ img *imaging.Service }

func (p profilePictures) SaveProfilePicture(ctx context.Context, data []byte) (string, error) {
	s, err := p.img.Ingest(ctx, "profile_pictures", data, 800, 800)
	return s.Path, err
}

func (p profilePictures) Remove(ctx context.Context, path string) error {
	return p.img.Remove(ctx, path)
}

// uploads serves stored images and variants to the HTTP layer; generated
// style pictures are painted on first request.
type uploads struct {
	img *imaging.Service
	art *artwork.Library
}

// styleNotFound answers a generated-picture name the library does not list:
// nothing is painted, read or written for it.
var styleNotFound = imaging.ErrNotFound

func (u uploads) known(path string) bool {
	return !strings.HasPrefix(path, "styles/") || u.art.Has(path)
}

func (u uploads) Original(ctx context.Context, path string) (httpapi.ImageFile, error) {
	if !u.known(path) {
		return httpapi.ImageFile{}, styleNotFound
	}
	if err := u.art.Ensure(path); err != nil {
		return httpapi.ImageFile{}, err
	}
	f, err := u.img.Original(ctx, path)
	return imageFile(f), err
}

func (u uploads) Variant(ctx context.Context, path, size string, quality int, accept string) (httpapi.ImageFile, error) {
	if !u.known(path) {
		return httpapi.ImageFile{}, styleNotFound
	}
	if err := u.art.Ensure(path); err != nil {
		return httpapi.ImageFile{}, err
	}
	f, err := u.img.Variant(ctx, path, size, quality, accept)
	return imageFile(f), err
}

func imageFile(f imaging.File) httpapi.ImageFile {
	return httpapi.ImageFile{Path: f.Path, ContentType: f.ContentType, ETag: f.ETag, Size: f.Size, ModTime: f.ModTime}
}

// designerImages stores gallery and profile images sent as data URLs.
type designerImages struct{ img *imaging.Service }

func (d designerImages) StoreDataURL(ctx context.Context, kind, dataURL string) (string, error) {
	w, h := 1600, 1200
	if kind == "profile_pictures" {
		w, h = 800, 800
	}
	s, err := d.img.IngestDataURL(ctx, kind, dataURL, w, h)
	return s.Path, err
}

func (d designerImages) Pixels(ctx context.Context, dataURL string) (int64, error) {
	return d.img.Pixels(ctx, dataURL)
}

func (d designerImages) Remove(ctx context.Context, path string) error {
	return d.img.Remove(ctx, path)
}
