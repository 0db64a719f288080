-- +goose Up
-- The name a finalized upload was stored under, so that a retried finalize
-- (its first answer lost) returns the same URL, and the janitor can remove
-- a stored file that no item took up within 24 hours.
ALTER TABLE uploads ADD COLUMN stored_name TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE uploads DROP COLUMN stored_name;
