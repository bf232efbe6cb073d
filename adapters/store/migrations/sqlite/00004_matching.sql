-- +goose Up
-- A lead is a questionnaire taken by someone: the chosen option texts (JSON
-- array), the style analysis they gave (JSON object), the questionnaire
-- version, and the account it belongs to once known. Matches are not stored:
-- they are ranked from the analysis when read, so they follow the catalogue.
CREATE TABLE leads (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    answers        TEXT     NOT NULL,
    style_analysis TEXT     NOT NULL,
    dominant_style TEXT     NOT NULL CHECK (dominant_style IN ('A', 'B', 'C', 'D', 'E')),
    version        TEXT     NOT NULL DEFAULT '',
    user_id        INTEGER  REFERENCES users (id) ON DELETE CASCADE,
    created_at     DATETIME NOT NULL
);
CREATE INDEX ix_leads_user_id ON leads (user_id, id);

-- +goose Down
DROP TABLE leads;
