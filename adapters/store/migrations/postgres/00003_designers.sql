-- +goose Up
-- A designer's public profile; the account (e-mail, password) is the users row.
-- List fields hold JSON arrays. like_count is kept in step with the likes
-- table inside the same transaction (engagement).
CREATE TABLE designers (
    id               BIGSERIAL PRIMARY KEY,
    user_id          BIGINT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name             TEXT        NOT NULL,
    phone            TEXT        NOT NULL DEFAULT '',
    city             TEXT        NOT NULL DEFAULT '',
    bio              TEXT        NOT NULL DEFAULT '',
    profile_picture  TEXT        NOT NULL DEFAULT '',
    gallery_images   TEXT        NOT NULL DEFAULT '[]',
    design_style     TEXT        NOT NULL CHECK (design_style IN ('A', 'B', 'C', 'D', 'E')),
    work_preferences TEXT        NOT NULL DEFAULT '[]',
    specialties      TEXT        NOT NULL DEFAULT '[]',
    experience       INTEGER     NOT NULL DEFAULT 0,
    min_budget       INTEGER     NOT NULL DEFAULT 300,
    prima_proposta   TEXT        NOT NULL DEFAULT '',
    website          TEXT        NOT NULL DEFAULT '',
    portfolio        TEXT        NOT NULL DEFAULT '',
    social_instagram TEXT        NOT NULL DEFAULT '',
    social_facebook  TEXT        NOT NULL DEFAULT '',
    social_youtube   TEXT        NOT NULL DEFAULT '',
    social_tiktok    TEXT        NOT NULL DEFAULT '',
    social_website   TEXT        NOT NULL DEFAULT '',
    verified         BOOLEAN     NOT NULL DEFAULT FALSE,
    like_count       INTEGER     NOT NULL DEFAULT 0,
    created_at       TIMESTAMPTZ NOT NULL,
    updated_at       TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX ux_designers_user_id ON designers (user_id);
CREATE INDEX ix_designers_created_at ON designers (created_at);
CREATE INDEX ix_designers_design_style ON designers (design_style);

-- +goose Down
DROP TABLE designers;
