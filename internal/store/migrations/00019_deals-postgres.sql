-- +goose Up
-- Issue 28: deals, the creator's pipeline from an inquiry to a paid video
-- (internal/deals). Delivery rooms, drafts and licences hang off a deal by
-- its id (REFERENCES deals (id) ON DELETE CASCADE) and remove their files
-- through internal/deals' delete hooks.
--
-- price is in whole units of currency (kroner for NOK: a creator quotes
-- "6 300 kr", never øre); currency is an ISO 4217 code. due_date is a day,
-- 'YYYY-MM-DD' ('' for none), kept as text so both engines compare it the
-- same way. An inquiry becomes at most one deal (deals_inquiry); the deal
-- stays, without it, when the inquiry is deleted. version counts the
-- deal's writes: an update applies only to the version it read.
CREATE TABLE deals (
    id                  BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    brand               TEXT NOT NULL,
    contact_name        TEXT NOT NULL DEFAULT '',
    contact_email       TEXT NOT NULL DEFAULT '',
    language            TEXT NOT NULL DEFAULT 'no' CHECK (language IN ('no', 'en')),
    package             TEXT NOT NULL DEFAULT '',
    price               BIGINT NOT NULL DEFAULT 0 CHECK (price >= 0),
    currency            TEXT NOT NULL DEFAULT 'NOK',
    deliverable_count   INTEGER NOT NULL DEFAULT 1,
    deliverable_seconds INTEGER NOT NULL DEFAULT 0,
    deliverable_format  TEXT NOT NULL DEFAULT '9:16' CHECK (deliverable_format IN ('9:16', '1:1', '16:9')),
    due_date            TEXT NOT NULL DEFAULT '',
    brief               TEXT NOT NULL DEFAULT '',
    notes               TEXT NOT NULL DEFAULT '',
    stage               TEXT NOT NULL DEFAULT 'new'
                        CHECK (stage IN ('new', 'negotiating', 'booked', 'in_production', 'delivered', 'paid', 'lost')),
    inquiry_id          BIGINT REFERENCES contact_inquiries (id) ON DELETE SET NULL,
    version             INTEGER NOT NULL DEFAULT 1,
    created_at          TIMESTAMPTZ NOT NULL,
    updated_at          TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX deals_inquiry ON deals (inquiry_id);
CREATE INDEX deals_stage ON deals (stage, due_date);

-- Every change of a deal: who (the admin; the name is kept should the
-- account go), when, and what: kind (created, updated, deleted; rooms add
-- their own), a stage move from → to, and field changes as JSON
-- [{"field", "from", "to"}]. A deal's events go with it; the one event of
-- its deletion stays, with no deal_id, naming the brand it had.
CREATE TABLE deal_events (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    deal_id    BIGINT REFERENCES deals (id) ON DELETE CASCADE,
    brand      TEXT NOT NULL DEFAULT '',
    at         TIMESTAMPTZ NOT NULL,
    user_id    BIGINT REFERENCES users (id) ON DELETE SET NULL,
    user_name  TEXT NOT NULL DEFAULT '',
    kind       TEXT NOT NULL,
    from_stage TEXT NOT NULL DEFAULT '',
    to_stage   TEXT NOT NULL DEFAULT '',
    changes    TEXT NOT NULL DEFAULT '[]',
    detail     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX deal_events_deal ON deal_events (deal_id, id);
CREATE INDEX deal_events_at ON deal_events (at);

-- +goose Down
DROP TABLE deal_events;
DROP TABLE deals;
