-- +goose Up
-- A lead is read and attached with its token (256 random bits, returned once by
-- POST /api/match-designers); only its SHA-256 is stored. Leads created before
-- this migration have none: they are read by their account once attached.
ALTER TABLE leads ADD COLUMN token_hash TEXT;
CREATE UNIQUE INDEX ux_leads_token_hash ON leads (token_hash);

-- +goose Down
DROP INDEX ux_leads_token_hash;
ALTER TABLE leads DROP COLUMN token_hash;
