-- +goose Up
-- Issue 25: first-party analytics (internal/analytics). Visitors are
-- counted, never tracked: no IP address or User-Agent is stored; a visitor
-- is a truncated sha256 of the day's salt, the address and the User-Agent,
-- and each day's salt is deleted the next day.
CREATE TABLE analytics_salts (
    day  TEXT PRIMARY KEY, -- YYYY-MM-DD, UTC
    salt TEXT NOT NULL     -- 32 random bytes, hex
);

-- Raw events, kept UGCFOLIO_ANALYTICS_RETENTION days (default 30).
-- kind: pageview (counted by the server), view (the beacon's screen and
-- time zone), section, play, progress, click, form, time, inquiry.
CREATE TABLE analytics_events (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at           TIMESTAMPTZ NOT NULL,
    day          TEXT NOT NULL,
    hour         TEXT NOT NULL, -- YYYY-MM-DDTHH, UTC
    visitor      TEXT NOT NULL,
    kind         TEXT NOT NULL,
    path         TEXT NOT NULL DEFAULT '',
    lang         TEXT NOT NULL DEFAULT '',
    referrer     TEXT NOT NULL DEFAULT '',
    utm_source   TEXT NOT NULL DEFAULT '',
    utm_medium   TEXT NOT NULL DEFAULT '',
    utm_campaign TEXT NOT NULL DEFAULT '',
    screen       TEXT NOT NULL DEFAULT '',
    country      TEXT NOT NULL DEFAULT '',
    browser      TEXT NOT NULL DEFAULT '',
    device       TEXT NOT NULL DEFAULT '',
    target       TEXT NOT NULL DEFAULT '', -- section id, click target, form step
    item         BIGINT NOT NULL DEFAULT 0, -- portfolio item of play/progress
    value        INTEGER NOT NULL DEFAULT 0 -- progress percent, visible seconds
);
CREATE INDEX analytics_events_day_kind ON analytics_events (day, kind);
CREATE INDEX analytics_events_at ON analytics_events (at);

-- Rollups, kept for good. One row per period, metric and dim (a section
-- id, an item id, a source…): visitors (distinct in the period), events
-- (events, or completions / visits over 10 s), total (a sum the metric
-- names: percent watched, seconds).
CREATE TABLE analytics_daily (
    day      TEXT NOT NULL,
    metric   TEXT NOT NULL,
    dim      TEXT NOT NULL,
    visitors BIGINT NOT NULL DEFAULT 0,
    events   BIGINT NOT NULL DEFAULT 0,
    total    BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (day, metric, dim)
);
CREATE TABLE analytics_hourly (
    hour     TEXT NOT NULL,
    metric   TEXT NOT NULL,
    dim      TEXT NOT NULL,
    visitors BIGINT NOT NULL DEFAULT 0,
    events   BIGINT NOT NULL DEFAULT 0,
    total    BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (hour, metric, dim)
);
-- How far the rollup job has come (name 'rollup': the start of its last run).
CREATE TABLE analytics_state (
    name  TEXT PRIMARY KEY,
    at    TIMESTAMPTZ NOT NULL
);

-- Pitch links: a link made for one brand. Their visits are personal data
-- (a named business contact), kept apart and deleted after 12 months.
CREATE TABLE analytics_pitch_links (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    token      TEXT NOT NULL UNIQUE,
    name       TEXT NOT NULL,
    note       TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL
);
CREATE TABLE analytics_pitch_visits (
    id       BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    link_id  BIGINT NOT NULL REFERENCES analytics_pitch_links (id) ON DELETE CASCADE,
    day      TEXT NOT NULL,
    visitor  TEXT NOT NULL,
    first_at TIMESTAMPTZ NOT NULL,
    last_at  TIMESTAMPTZ NOT NULL,
    UNIQUE (link_id, day, visitor)
);
CREATE INDEX analytics_pitch_visits_visitor ON analytics_pitch_visits (day, visitor);
CREATE INDEX analytics_pitch_visits_first ON analytics_pitch_visits (first_at);
CREATE TABLE analytics_pitch_events (
    id      BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    link_id BIGINT NOT NULL REFERENCES analytics_pitch_links (id) ON DELETE CASCADE,
    at      TIMESTAMPTZ NOT NULL,
    kind    TEXT NOT NULL,
    target  TEXT NOT NULL DEFAULT '',
    item    BIGINT NOT NULL DEFAULT 0,
    value   INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX analytics_pitch_events_link ON analytics_pitch_events (link_id);
CREATE INDEX analytics_pitch_events_at ON analytics_pitch_events (at);

-- The pitch link an inquiry came through (the sender's visitor-day).
ALTER TABLE contact_inquiries ADD COLUMN pitch_link_id BIGINT REFERENCES analytics_pitch_links (id) ON DELETE SET NULL;

-- +goose Down
ALTER TABLE contact_inquiries DROP COLUMN pitch_link_id;
DROP TABLE analytics_pitch_events;
DROP TABLE analytics_pitch_visits;
DROP TABLE analytics_pitch_links;
DROP TABLE analytics_state;
DROP TABLE analytics_hourly;
DROP TABLE analytics_daily;
DROP TABLE analytics_events;
DROP TABLE analytics_salts;
