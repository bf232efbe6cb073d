-- +goose Up
-- One like per account and designer: the unique index is the rule, and
-- designers.like_count is set from these rows in the same transaction.
CREATE TABLE likes (
    id          BIGSERIAL PRIMARY KEY,
    user_id     BIGINT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    designer_id BIGINT      NOT NULL REFERENCES designers (id) ON DELETE CASCADE,
    created_at  TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX ux_likes_user_id_designer_id ON likes (user_id, designer_id);
CREATE INDEX ix_likes_designer_id ON likes (designer_id, created_at);

-- Shares, anonymous ones included (user_id NULL); a deleted account's
-- shares stay counted without a name.
CREATE TABLE shares (
    id          BIGSERIAL PRIMARY KEY,
    designer_id BIGINT      NOT NULL REFERENCES designers (id) ON DELETE CASCADE,
    user_id     BIGINT      REFERENCES users (id) ON DELETE SET NULL,
    platform    TEXT        NOT NULL CHECK (platform IN ('facebook', 'twitter', 'whatsapp', 'instagram', 'linkedin', 'telegram', 'email', 'copy', 'link')),
    created_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX ix_shares_designer_id ON shares (designer_id, created_at);

-- Tracked e-mails (the style results) and the clicks on their links.
-- sender is "user:<id>" or "ip:<address>" and, with recipient, throttles sending.
CREATE TABLE email_sends (
    id          BIGSERIAL PRIMARY KEY,
    tracking_id TEXT        NOT NULL,
    kind        TEXT        NOT NULL,
    recipient   TEXT        NOT NULL,
    sender      TEXT        NOT NULL,
    user_id     BIGINT      REFERENCES users (id) ON DELETE SET NULL,
    sent_at     TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX ux_email_sends_tracking_id ON email_sends (tracking_id);
CREATE INDEX ix_email_sends_recipient ON email_sends (kind, recipient, sent_at);
CREATE INDEX ix_email_sends_sender ON email_sends (kind, sender, sent_at);
CREATE INDEX ix_email_sends_sent_at ON email_sends (sent_at);

CREATE TABLE email_clicks (
    id         BIGSERIAL PRIMARY KEY,
    send_id    BIGINT      NOT NULL REFERENCES email_sends (id) ON DELETE CASCADE,
    url        TEXT        NOT NULL,
    clicked_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX ix_email_clicks_send_id ON email_clicks (send_id);

-- +goose Down
DROP TABLE email_clicks;
DROP TABLE email_sends;
DROP TABLE shares;
DROP TABLE likes;
