-- +goose Up
-- Issue 24. mail_autoreplies is keyed on the normalised address now (see
-- mail.AutoReplyKey) and counted by time for the site-wide hourly cap, and
-- its rows past their window are pruned: both read sent_at. notified_at is
-- when the creator's notification (alone or in a digest) of an inquiry
-- left, kept after its job has been pruned.
CREATE INDEX mail_autoreplies_sent_at ON mail_autoreplies (sent_at);
ALTER TABLE contact_inquiries ADD COLUMN notified_at TIMESTAMP;

-- +goose Down
ALTER TABLE contact_inquiries DROP COLUMN notified_at;
DROP INDEX mail_autoreplies_sent_at;
