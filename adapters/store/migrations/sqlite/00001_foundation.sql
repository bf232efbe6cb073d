-- +goose Up
-- Responses of state-changing requests sent with an Idempotency-Key, so a
-- replay returns the first answer and changes nothing. Kept at least 7 days.
CREATE TABLE idempotency_keys (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    caller       TEXT     NOT NULL,
    key          TEXT     NOT NULL,
    request_hash TEXT     NOT NULL,
    status       INTEGER  NOT NULL,
    content_type TEXT     NOT NULL DEFAULT '',
    body         BLOB,
    created_at   DATETIME NOT NULL
);
CREATE UNIQUE INDEX ux_idempotency_caller_key ON idempotency_keys (caller, key);
CREATE INDEX ix_idempotency_created_at ON idempotency_keys (created_at);

-- Durable e-mail queue: written in the same transaction as the change that
-- causes a message, delivered by the dispatcher, deduplicated by key.
CREATE TABLE email_jobs (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    kind        TEXT     NOT NULL,
    dedupe_key  TEXT,
    recipient   TEXT     NOT NULL,
    message     TEXT     NOT NULL,
    send_after  DATETIME NOT NULL,
    lease_until DATETIME,
    attempts    INTEGER  NOT NULL DEFAULT 0,
    last_error  TEXT     NOT NULL DEFAULT '',
    sent_at     DATETIME,
    dead        BOOLEAN  NOT NULL DEFAULT 0,
    created_at  DATETIME NOT NULL
);
CREATE UNIQUE INDEX ux_email_jobs_dedupe_key ON email_jobs (dedupe_key) WHERE dedupe_key IS NOT NULL;
CREATE INDEX ix_email_jobs_due ON email_jobs (send_after) WHERE sent_at IS NULL AND dead = 0;

-- +goose Down
DROP TABLE email_jobs;
DROP TABLE idempotency_keys;
