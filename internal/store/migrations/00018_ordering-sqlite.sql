-- +goose Up
-- Issue 28: the admin orders the portfolio, the testimonials and the client
-- logos by hand. sort_position is a list's order, smallest first (store/order.go
-- says where a new or newly featured item goes). Existing lists keep the
-- order visitors saw: the portfolio featured first, then newest; the
-- testimonials oldest first.
ALTER TABLE portfolio_items ADD COLUMN sort_position BIGINT NOT NULL DEFAULT 0;
UPDATE portfolio_items SET sort_position = (
    SELECT count(*) FROM portfolio_items o
    WHERE o.language = portfolio_items.language AND (
        (o.featured AND NOT portfolio_items.featured)
        OR (o.featured = portfolio_items.featured AND (o.created_at > portfolio_items.created_at
            OR (o.created_at = portfolio_items.created_at AND o.id > portfolio_items.id)))));
CREATE INDEX portfolio_items_order ON portfolio_items (language, sort_position);

ALTER TABLE testimonials ADD COLUMN sort_position BIGINT NOT NULL DEFAULT 0;
UPDATE testimonials SET sort_position = (
    SELECT count(*) FROM testimonials o
    WHERE o.language = testimonials.language AND (o.created_at < testimonials.created_at
        OR (o.created_at = testimonials.created_at AND o.id < testimonials.id)));
CREATE INDEX testimonials_order ON testimonials (language, sort_position);

-- The client logos strip of the home page: a brand's name (the logo's text
-- alternative), its uploaded logo (processed like every photo) and an
-- optional link; one list for both languages.
CREATE TABLE client_logos (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    name          TEXT NOT NULL,
    image_url     TEXT NOT NULL,
    link_url      TEXT NOT NULL DEFAULT '',
    sort_position BIGINT NOT NULL DEFAULT 0,
    created_at    TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX client_logos_order ON client_logos (sort_position);

-- +goose Down
DROP TABLE client_logos;
DROP INDEX testimonials_order;
ALTER TABLE testimonials DROP COLUMN sort_position;
DROP INDEX portfolio_items_order;
ALTER TABLE portfolio_items DROP COLUMN sort_position;
