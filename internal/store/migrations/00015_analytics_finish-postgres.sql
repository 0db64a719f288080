-- +goose Up
-- Issue 25, finished.
--
-- The raw events lose their index on `at`: every query that asked by time
-- also bounds the day now (internal/analytics: live visitors, the rollup's
-- days with new events, pruning), which the (day, kind) index answers, and
-- each event written kept one B-tree less up to date.
DROP INDEX analytics_events_at;

-- Pitch links: notify_open, whether the creator gets an e-mail the first
-- time the link is opened (on unless she says otherwise); first_opened_at,
-- when it was first opened, set once (UPDATE … WHERE first_opened_at IS
-- NULL): the one update that succeeds sends the e-mail, so it leaves once
-- per link even when replicas write the first visits at the same moment.
-- Links opened before this migration count as opened.
ALTER TABLE analytics_pitch_links ADD COLUMN notify_open BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE analytics_pitch_links ADD COLUMN first_opened_at TIMESTAMPTZ;
UPDATE analytics_pitch_links SET first_opened_at =
    (SELECT MIN(v.first_at) FROM analytics_pitch_visits v WHERE v.link_id = analytics_pitch_links.id);

-- +goose Down
ALTER TABLE analytics_pitch_links DROP COLUMN first_opened_at;
ALTER TABLE analytics_pitch_links DROP COLUMN notify_open;
CREATE INDEX analytics_events_at ON analytics_events (at);
