package app

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"interno/adapters/objects"
	"interno/core/files"
)

// storageCheckTimeout bounds the start-up check of the bucket.
const storageCheckTimeout = 15 * time.Second

// openStores returns where uploads and their resized variants are kept: the
// data directory's uploads/ and cache/images/ folders, or, with
// INTERNO_STORAGE_URL, the keys uploads/ and cache/images/ of one bucket
// (under the URL's prefix), shared by every instance. A bucket that cannot be
// reached or used stops start-up with one line naming the variable.
func (a *app) openStores() (uploads, cache files.Store, err error) {
	if a.cfg.storage == nil {
		up, err := objects.NewFolder(filepath.Join(a.cfg.DataDir, "uploads"))
		if err != nil {
			return nil, nil, fmt.Errorf("INTERNO_DATA_DIR: uploads: %w", err)
		}
		c, err := objects.NewFolder(filepath.Join(a.cfg.DataDir, "cache", "images"))
		if err != nil {
			return nil, nil, fmt.Errorf("INTERNO_DATA_DIR: image cache: %w", err)
		}
		return up, c, nil
	}
	s3, err := objects.NewS3(context.Background(), *a.cfg.storage, storageCheckTimeout)
	if err != nil {
		return nil, nil, fmt.Errorf("INTERNO_STORAGE_URL: %w", err)
	}
	a.log.Info("uploads in object storage", "store", s3.Describe())
	return s3.Sub("uploads"), s3.Sub("cache/images"), nil
}

// uploadsInBucketNote tells whoever runs `interno backup` that the uploads
// are not in the archive, where they are, and how to copy them.
func uploadsInBucketNote(c objects.S3Config) string {
	where := c.Bucket
	if c.Prefix != "" {
		where += "/" + c.Prefix
	}
	return fmt.Sprintf("The uploads are not in this archive: they live in the bucket %s at %s (INTERNO_STORAGE_URL), under uploads/. "+
		"Back them up with the object store's own tools, for instance `mc mirror` or `aws s3 sync s3://%s/uploads/ <destination>`, "+
		"or turn on bucket versioning and replication; cache/images/ holds resized copies that are made again on demand.",
		where, c.Endpoint, where)
}
