-- +goose Up
-- A designer's weekly availability: local wall-clock windows in the business
-- time zone, minutes after midnight, on quarter hours.
CREATE TABLE availability_windows (
    id           BIGSERIAL PRIMARY KEY,
    designer_id  BIGINT      NOT NULL REFERENCES designers (id) ON DELETE CASCADE,
    day_of_week  SMALLINT    NOT NULL CHECK (day_of_week BETWEEN 0 AND 6),
    start_minute INTEGER     NOT NULL CHECK (start_minute BETWEEN 0 AND 1425 AND start_minute % 15 = 0),
    end_minute   INTEGER     NOT NULL CHECK (end_minute BETWEEN 15 AND 1425 AND end_minute % 15 = 0),
    is_active    BOOLEAN     NOT NULL DEFAULT TRUE,
    created_at   TIMESTAMPTZ NOT NULL,
    CHECK (start_minute < end_minute)
);
CREATE INDEX ix_availability_windows_designer_id ON availability_windows (designer_id, day_of_week, start_minute);

-- Video-call appointments, stored as UTC instants. One slot, one live
-- appointment: the exclusion constraint refuses a pending or confirmed
-- appointment whose time range overlaps another live one of the same
-- designer, however many transactions race for it.
CREATE TABLE appointments (
    id             BIGSERIAL PRIMARY KEY,
    designer_id    BIGINT      NOT NULL REFERENCES designers (id) ON DELETE CASCADE,
    customer_id    BIGINT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    starts_at      TIMESTAMPTZ NOT NULL,
    ends_at        TIMESTAMPTZ NOT NULL,
    status         TEXT        NOT NULL CHECK (status IN ('pending', 'confirmed', 'cancelled', 'completed')),
    message        TEXT        NOT NULL DEFAULT '',
    customer_phone TEXT        NOT NULL DEFAULT '',
    designer_notes TEXT        NOT NULL DEFAULT '',
    reason         TEXT        NOT NULL DEFAULT '',
    cancelled_by   TEXT        NOT NULL DEFAULT '' CHECK (cancelled_by IN ('', 'customer', 'designer')),
    call_link      TEXT        NOT NULL DEFAULT '',
    confirmed_at   TIMESTAMPTZ,
    cancelled_at   TIMESTAMPTZ,
    completed_at   TIMESTAMPTZ,
    created_at     TIMESTAMPTZ NOT NULL,
    updated_at     TIMESTAMPTZ NOT NULL,
    CHECK (starts_at < ends_at),
    CONSTRAINT ex_appointments_live_overlap EXCLUDE USING gist (
        int8range(designer_id, designer_id, '[]') WITH =,
        tstzrange(starts_at, ends_at) WITH &&
    ) WHERE (status IN ('pending', 'confirmed'))
);
-- Covers the busy-time query of slot generation (no table look-ups).
CREATE INDEX ix_appointments_designer_starts ON appointments (designer_id, starts_at, ends_at, status);
CREATE INDEX ix_appointments_customer_starts ON appointments (customer_id, starts_at);

-- +goose Down
DROP TABLE appointments;
DROP TABLE availability_windows;
