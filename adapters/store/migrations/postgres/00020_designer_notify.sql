-- +goose Up
-- Every committed change of what the ranking reads (a designer added, removed,
-- restyled, given other specialties or likes) is announced on the channel
-- interno_designers, with the schema as payload, so every instance refreshes
-- its ranking index at once instead of on its timer (docs/matching.md).
-- A statement trigger: one notification per statement, and PostgreSQL folds
-- identical notifications of one transaction into one.
-- +goose StatementBegin
CREATE FUNCTION interno_designers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('interno_designers', current_schema());
  RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER designers_changed
  AFTER INSERT OR DELETE OR UPDATE OF design_style, specialties, like_count ON designers
  FOR EACH STATEMENT EXECUTE FUNCTION interno_designers_changed();

-- +goose Down
DROP TRIGGER designers_changed ON designers;
DROP FUNCTION interno_designers_changed();
