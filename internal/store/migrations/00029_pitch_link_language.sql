-- +goose Up
-- A pitch link opens the page of one language: 'no' (/?ref=) or 'en'
-- (/en?ref=), chosen when the link is made for a brand that reads English.
ALTER TABLE analytics_pitch_links ADD COLUMN language TEXT NOT NULL DEFAULT 'no';

-- +goose Down
ALTER TABLE analytics_pitch_links DROP COLUMN language;
