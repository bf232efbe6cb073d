-- +goose Up
-- PostgreSQL announces designer changes to every instance (see its 00020);
-- SQLite serves one instance, whose ranking index refreshes on its timer.
SELECT 1;

-- +goose Down
SELECT 1;
