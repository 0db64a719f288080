-- +goose Up
ALTER TABLE portfolio_items ADD COLUMN client_name TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE portfolio_items DROP COLUMN client_name;
