-- +goose Up
-- When the brand last answered in the delivery room (approved a draft,
-- asked for changes, accepted a quote) and the creator has not opened the
-- deal since; NULL once she has (internal/deals answered.go). The
-- Overview's "Needs you" counts these deals.
ALTER TABLE deals ADD COLUMN brand_answered_at TIMESTAMPTZ;

-- +goose Down
ALTER TABLE deals DROP COLUMN brand_answered_at;
