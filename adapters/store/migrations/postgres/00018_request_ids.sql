-- +goose Up
-- The id of the request that queued a job, so the worker's log lines name the
-- same request as the HTTP access log (core/trace). Empty for work no request
-- caused (reminders queued by a timer, jobs queued before this migration).
ALTER TABLE email_jobs ADD COLUMN request_id TEXT NOT NULL DEFAULT '';
ALTER TABLE push_jobs ADD COLUMN request_id TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE push_jobs DROP COLUMN request_id;
ALTER TABLE email_jobs DROP COLUMN request_id;
