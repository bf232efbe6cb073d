-- +goose Up
-- The admin audit trail: who did what to which account, and when. The actor
-- and target are kept as snapshots (no foreign keys), so the record of a
-- deletion outlives the deleted account.
CREATE TABLE admin_audit (
    id           BIGSERIAL PRIMARY KEY,
    actor_id     BIGINT      NOT NULL,
    actor_email  TEXT        NOT NULL,
    action       TEXT        NOT NULL,
    target_type  TEXT        NOT NULL,
    target_id    BIGINT      NOT NULL,
    target_label TEXT        NOT NULL DEFAULT '',
    details      TEXT        NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX ix_admin_audit_created_at ON admin_audit (created_at);

-- +goose Down
DROP TABLE admin_audit;
