-- +goose Up
-- The language of the page an inquiry was sent from (its auto-reply's
-- language), and when an auto-reply last went to an address (at most one
-- a day per address; the address is kept lower-case).
ALTER TABLE contact_inquiries ADD COLUMN language TEXT NOT NULL DEFAULT 'no' CHECK (language IN ('no', 'en'));

CREATE TABLE mail_autoreplies (
    address TEXT PRIMARY KEY,
    sent_at TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE mail_autoreplies;
ALTER TABLE contact_inquiries DROP COLUMN language;
