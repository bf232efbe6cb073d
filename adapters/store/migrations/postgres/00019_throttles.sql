-- +goose Up
-- Rate-limit and lock-out counters (core/throttle), shared by every instance
-- on this database. A key is a limit's name and a digest of the address or
-- e-mail, never the address itself. version makes each update a
-- compare-and-swap; housekeeping purges rows past expires_us.
-- Times are microseconds since the Unix epoch, so both engines compare them alike.
CREATE TABLE throttles (
    key        TEXT             PRIMARY KEY,
    n          DOUBLE PRECISION NOT NULL,
    changed_us BIGINT           NOT NULL,
    expires_us BIGINT           NOT NULL,
    version    BIGINT           NOT NULL
);
CREATE INDEX ix_throttles_expires_us ON throttles (expires_us);

-- +goose Down
DROP TABLE throttles;
