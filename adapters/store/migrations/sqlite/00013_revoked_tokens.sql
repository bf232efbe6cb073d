-- +goose Up
-- Tokens ended by logout (POST /api/auth/logout), by their id (the JWT's jti),
-- kept until they would have expired anyway; housekeeping purges older rows.
-- "Log out everywhere" moves users.token_version on instead.
CREATE TABLE revoked_tokens (
    token_id   TEXT     PRIMARY KEY,
    user_id    INTEGER  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at DATETIME NOT NULL,
    revoked_at DATETIME NOT NULL
);
CREATE INDEX ix_revoked_tokens_expires_at ON revoked_tokens (expires_at);

-- +goose Down
DROP TABLE revoked_tokens;
