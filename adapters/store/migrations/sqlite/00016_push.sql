-- +goose Up
-- Web Push (issue 20). A device is one browser's push subscription, owned by
-- one account at a time (the endpoint is unique: registering it again from
-- another account moves it). categories narrows what the device receives
-- ('' = everything; otherwise a comma list of messages, appointments, reminders).
CREATE TABLE push_subscriptions (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id         INTEGER  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    endpoint        TEXT     NOT NULL CHECK (length(endpoint) BETWEEN 1 AND 2048),
    p256dh          TEXT     NOT NULL,
    auth            TEXT     NOT NULL,
    categories      TEXT     NOT NULL DEFAULT '',
    user_agent      TEXT     NOT NULL DEFAULT '',
    expires_at      DATETIME,
    last_success_at DATETIME,
    created_at      DATETIME NOT NULL,
    updated_at      DATETIME NOT NULL
);
CREATE UNIQUE INDEX ux_push_subscriptions_endpoint ON push_subscriptions (endpoint);
CREATE INDEX ix_push_subscriptions_user ON push_subscriptions (user_id, updated_at);

-- The account's switches; no row means every category on.
CREATE TABLE push_preferences (
    user_id      INTEGER  PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    messages     BOOLEAN  NOT NULL,
    appointments BOOLEAN  NOT NULL,
    reminders    BOOLEAN  NOT NULL,
    updated_at   DATETIME NOT NULL
);

-- The durable push queue. A parent (subscription_id NULL) is an event for an
-- account; when due it is fanned out into one child per device, which is what
-- is delivered, retried and leased. Rows are claimed with a lease so that two
-- instances never send the same child.
CREATE TABLE push_jobs (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    parent_id       INTEGER  REFERENCES push_jobs (id) ON DELETE CASCADE,
    subscription_id INTEGER  REFERENCES push_subscriptions (id) ON DELETE CASCADE,
    user_id         INTEGER  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind            TEXT     NOT NULL,
    category        TEXT     NOT NULL DEFAULT '',
    dedupe_key      TEXT,
    topic           TEXT     NOT NULL DEFAULT '',
    payload         TEXT     NOT NULL,
    urgency         TEXT     NOT NULL DEFAULT 'normal',
    send_after      DATETIME NOT NULL,
    expires_at      DATETIME NOT NULL,
    lease_until     DATETIME,
    attempts        INTEGER  NOT NULL DEFAULT 0,
    last_error      TEXT     NOT NULL DEFAULT '',
    sent_at         DATETIME,
    dead            BOOLEAN  NOT NULL DEFAULT 0,
    created_at      DATETIME NOT NULL
);
CREATE UNIQUE INDEX ux_push_jobs_dedupe_key ON push_jobs (dedupe_key) WHERE dedupe_key IS NOT NULL;
CREATE UNIQUE INDEX ux_push_jobs_parent_id_subscription_id ON push_jobs (parent_id, subscription_id) WHERE parent_id IS NOT NULL;
CREATE INDEX ix_push_jobs_due ON push_jobs (send_after) WHERE sent_at IS NULL AND dead = 0;
CREATE INDEX ix_push_jobs_user_topic ON push_jobs (user_id, topic) WHERE sent_at IS NULL;
CREATE INDEX ix_push_jobs_subscription ON push_jobs (subscription_id);
CREATE INDEX ix_push_jobs_created ON push_jobs (created_at);

-- The devices that were sent a conversation's notification (tag) not closed
-- since: reading the conversation closes it there, and only there.
CREATE TABLE push_shown (
    subscription_id INTEGER  NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
    tag             TEXT     NOT NULL,
    shown_at        DATETIME NOT NULL,
    PRIMARY KEY (subscription_id, tag)
);

-- +goose Down
DROP TABLE push_shown;
DROP TABLE push_jobs;
DROP TABLE push_preferences;
DROP TABLE push_subscriptions;
