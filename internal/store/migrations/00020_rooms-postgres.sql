-- +goose Up
-- Issue 28: delivery rooms (internal/rooms). A deal has at most one room:
-- the brand's private page at an unguessable link, where it plays the
-- drafts the creator uploads, answers each (approve, or ask for changes
-- with a comment) and reads the licence of each delivered video. What
-- hangs off a deal goes with it (ON DELETE CASCADE); the files of its
-- drafts are removed by the deals' delete hook (rooms.Service.onDealDelete).
--
-- answer_days is the business days a draft waits for an answer before it
-- is approved automatically; expires_on the last day (Europe/Oslo, YYYY-MM-DD,
-- '' for never) its links work.
CREATE TABLE deal_rooms (
    id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    deal_id        BIGINT NOT NULL UNIQUE REFERENCES deals (id) ON DELETE CASCADE,
    answer_days    INTEGER NOT NULL DEFAULT 3 CHECK (answer_days BETWEEN 1 AND 30),
    expires_on     TEXT NOT NULL DEFAULT '',
    last_opened_at TIMESTAMPTZ,
    created_at     TIMESTAMPTZ NOT NULL,
    updated_at     TIMESTAMPTZ NOT NULL
);

-- The links of a room. Only the SHA-256 of a token is kept (a token is 192
-- random bits, so a fast hash is enough): a copy of the database or a
-- backup opens no room. purpose: 'admin' (made by the creator, shown once)
-- or 'mail' (made when a message to the brand is sent, for its button).
-- Revoking a room revokes every link of it.
CREATE TABLE room_links (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    room_id    BIGINT NOT NULL REFERENCES deal_rooms (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    purpose    TEXT NOT NULL CHECK (purpose IN ('admin', 'mail')),
    created_at TIMESTAMPTZ NOT NULL,
    revoked_at TIMESTAMPTZ
);
CREATE INDEX room_links_room ON room_links (room_id);

-- A draft: one version of one of the deal's videos (deliverable 1..n),
-- stored as an upload (stored_name, served only through the room; its
-- media_assets row holds what processing made of it). state: pending (the
-- brand's answer is awaited until due_at, then it is approved
-- automatically; due_at is NULL while the room has no working link),
-- approved, changes (the brand asked for changes: comment), superseded (a
-- newer version came before an answer). answered_by: 'brand' or 'auto'.
CREATE TABLE room_drafts (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    deal_id     BIGINT NOT NULL REFERENCES deals (id) ON DELETE CASCADE,
    deliverable INTEGER NOT NULL CHECK (deliverable >= 1),
    version     INTEGER NOT NULL CHECK (version >= 1),
    stored_name TEXT NOT NULL UNIQUE,
    file_name   TEXT NOT NULL,
    file_size   BIGINT NOT NULL,
    note        TEXT NOT NULL DEFAULT '',
    state       TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'changes', 'superseded')),
    due_at      TIMESTAMPTZ,
    comment     TEXT NOT NULL DEFAULT '',
    answered_by TEXT NOT NULL DEFAULT '' CHECK (answered_by IN ('', 'brand', 'auto')),
    answered_at TIMESTAMPTZ,
    created_at  TIMESTAMPTZ NOT NULL,
    UNIQUE (deal_id, deliverable, version)
);
CREATE INDEX room_drafts_due ON room_drafts (state, due_at);

-- The licence (usage rights) of one of the deal's videos: organic or paid
-- use, channels (a JSON list of names), territory, the first and last day
-- (YYYY-MM-DD) and whether the brand may run it from the creator's account
-- (whitelisting).
CREATE TABLE room_licences (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    deal_id      BIGINT NOT NULL REFERENCES deals (id) ON DELETE CASCADE,
    deliverable  INTEGER NOT NULL CHECK (deliverable >= 1),
    usage        TEXT NOT NULL CHECK (usage IN ('organic', 'paid')),
    channels     TEXT NOT NULL DEFAULT '[]',
    territory    TEXT NOT NULL,
    start_date   TEXT NOT NULL,
    end_date     TEXT NOT NULL,
    whitelisting BOOLEAN NOT NULL DEFAULT FALSE,
    created_at   TIMESTAMPTZ NOT NULL,
    updated_at   TIMESTAMPTZ NOT NULL,
    UNIQUE (deal_id, deliverable)
);
CREATE INDEX room_licences_end ON room_licences (end_date);

-- The reminders the creator was sent about a licence: 'soon' (14 days
-- before its end) and 'ended' (on the day), once per end date: the row is
-- written in the same transaction as its e-mail's job, and its key makes a
-- second one (another replica, a repeated run) write nothing.
CREATE TABLE licence_reminders (
    licence_id BIGINT NOT NULL REFERENCES room_licences (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL CHECK (kind IN ('soon', 'ended')),
    end_date   TEXT NOT NULL,
    sent_at    TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (licence_id, kind, end_date)
);

-- +goose Down
DROP TABLE licence_reminders;
DROP TABLE room_licences;
DROP TABLE room_drafts;
DROP TABLE room_links;
DROP TABLE deal_rooms;
