-- +goose Up
-- A designer's weekly availability: local wall-clock windows in the business
-- time zone, minutes after midnight, on quarter hours.
CREATE TABLE availability_windows (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    designer_id  INTEGER  NOT NULL REFERENCES designers (id) ON DELETE CASCADE,
    day_of_week  INTEGER  NOT NULL CHECK (day_of_week BETWEEN 0 AND 6),
    start_minute INTEGER  NOT NULL CHECK (start_minute BETWEEN 0 AND 1425 AND start_minute % 15 = 0),
    end_minute   INTEGER  NOT NULL CHECK (end_minute BETWEEN 15 AND 1425 AND end_minute % 15 = 0),
    is_active    BOOLEAN  NOT NULL DEFAULT 1,
    created_at   DATETIME NOT NULL,
    CHECK (start_minute < end_minute)
);
CREATE INDEX ix_availability_windows_designer_id ON availability_windows (designer_id, day_of_week, start_minute);

-- Video-call appointments, stored as UTC instants (always written in the
-- same UTC text form, so comparisons and the unique index are exact). One
-- slot, one live appointment: the partial unique index refuses a second live
-- appointment at the same start, and bookings check for any overlap inside
-- a write-locked (BEGIN IMMEDIATE) transaction, which SQLite runs one at a time.
CREATE TABLE appointments (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    designer_id    INTEGER  NOT NULL REFERENCES designers (id) ON DELETE CASCADE,
    customer_id    INTEGER  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    starts_at      DATETIME NOT NULL,
    ends_at        DATETIME NOT NULL,
    status         TEXT     NOT NULL CHECK (status IN ('pending', 'confirmed', 'cancelled', 'completed')),
    message        TEXT     NOT NULL DEFAULT '',
    customer_phone TEXT     NOT NULL DEFAULT '',
    designer_notes TEXT     NOT NULL DEFAULT '',
    reason         TEXT     NOT NULL DEFAULT '',
    cancelled_by   TEXT     NOT NULL DEFAULT '' CHECK (cancelled_by IN ('', 'customer', 'designer')),
    call_link      TEXT     NOT NULL DEFAULT '',
    confirmed_at   DATETIME,
    cancelled_at   DATETIME,
    completed_at   DATETIME,
    created_at     DATETIME NOT NULL,
    updated_at     DATETIME NOT NULL,
    CHECK (starts_at < ends_at)
);
CREATE UNIQUE INDEX ux_appointments_designer_id_starts_at ON appointments (designer_id, starts_at)
    WHERE status IN ('pending', 'confirmed');
-- Covers the busy-time query of slot generation (no table look-ups).
CREATE INDEX ix_appointments_designer_starts ON appointments (designer_id, starts_at, ends_at, status);
CREATE INDEX ix_appointments_customer_starts ON appointments (customer_id, starts_at);

-- +goose Down
DROP TABLE appointments;
DROP TABLE availability_windows;
