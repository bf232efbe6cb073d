-- +goose Up
CREATE TABLE users (
    id                    INTEGER PRIMARY KEY AUTOINCREMENT,
    email                 TEXT     NOT NULL,
    name                  TEXT     NOT NULL,
    password_hash         TEXT     NOT NULL DEFAULT '',
    google_sub            TEXT,
    role                  TEXT     NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'designer', 'admin')),
    location              TEXT     NOT NULL DEFAULT '',
    profile_picture       TEXT     NOT NULL DEFAULT '',
    token_version         INTEGER  NOT NULL DEFAULT 0,
    lead_id               INTEGER,
    questionnaire_answers TEXT,
    style_analysis        TEXT,
    created_at            DATETIME NOT NULL,
    updated_at            DATETIME NOT NULL
);
CREATE UNIQUE INDEX ux_users_email ON users (email);
CREATE UNIQUE INDEX ux_users_google_sub ON users (google_sub) WHERE google_sub IS NOT NULL;
CREATE INDEX ix_users_created_at ON users (created_at);

CREATE TABLE password_resets (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT     NOT NULL,
    expires_at DATETIME NOT NULL,
    used_at    DATETIME,
    created_at DATETIME NOT NULL
);
CREATE UNIQUE INDEX ux_password_resets_token_hash ON password_resets (token_hash);
CREATE INDEX ix_password_resets_user_id ON password_resets (user_id);

-- +goose Down
DROP TABLE password_resets;
DROP TABLE users;
