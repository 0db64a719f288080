-- +goose Up
-- Issue 34: quotes (internal/quotes). A quote is written from a deal, sent
-- into the deal's delivery room and accepted there by the brand.
--
-- number counts the deal's quotes (1, 2…): what the brand reads ("Quote 2")
-- and what its room's paths use, so a brand never learns how many quotes the
-- creator has written to others. brand, currency and language are the
-- deal's, copied when the quote is made (language again when it is sent):
-- an amount is never read in another currency than it was written in.
-- Amounts are whole minor units (øre, cent). vat_mode is the billing
-- document's (none, domestic 25 %, export 0 % reverse charge).
--
-- The state is never stored: it follows from the times. A quote is a draft
-- until sent_at; sending freezes it: document is the exact HTML shown to the
-- brand, document_sha256 its SHA-256 (hex). It is then withdrawn
-- (withdrawn_at), accepted (accepted_at) or, past valid_until
-- (YYYY-MM-DD, the last day, Europe/Oslo), expired.
--
-- Accepting keeps who accepted (the typed name, title and company), when,
-- from which client address, and the SHA-256 of the document the brand's
-- form was shown (accepted_sha256): the proof of the agreement. A deal has
-- at most one accepted quote (quotes_accepted).
--
-- Deleting a deal deletes its quotes (ON DELETE CASCADE), except an
-- accepted one: the deals' delete hook (quotes.Service.onDealDelete)
-- detaches it first (deal_id NULL), keeping brand and the frozen document,
-- because it is the record of an agreement the creator must be able to
-- show for as long as the accounting records that rest on it are kept.
CREATE TABLE quotes (
    id                 BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    deal_id            BIGINT REFERENCES deals (id) ON DELETE CASCADE,
    number             INTEGER NOT NULL CHECK (number >= 1),
    brand              TEXT NOT NULL,
    currency           TEXT NOT NULL,
    language           TEXT NOT NULL CHECK (language IN ('no', 'en')),
    vat_mode           TEXT NOT NULL CHECK (vat_mode IN ('none', 'domestic', 'export')),
    deposit_percent    INTEGER NOT NULL DEFAULT 0 CHECK (deposit_percent BETWEEN 0 AND 100),
    payment_terms_days INTEGER NOT NULL DEFAULT 14 CHECK (payment_terms_days BETWEEN 0 AND 365),
    valid_until        TEXT NOT NULL,
    note               TEXT NOT NULL DEFAULT '',
    created_at         TIMESTAMPTZ NOT NULL,
    updated_at         TIMESTAMPTZ NOT NULL,
    sent_at            TIMESTAMPTZ,
    document           TEXT NOT NULL DEFAULT '',
    document_sha256    TEXT NOT NULL DEFAULT '',
    withdrawn_at       TIMESTAMPTZ,
    accepted_at        TIMESTAMPTZ,
    accepted_name      TEXT NOT NULL DEFAULT '',
    accepted_title     TEXT NOT NULL DEFAULT '',
    accepted_company   TEXT NOT NULL DEFAULT '',
    accepted_address   TEXT NOT NULL DEFAULT '',
    accepted_sha256    TEXT NOT NULL DEFAULT '',
    UNIQUE (deal_id, number)
);
CREATE UNIQUE INDEX quotes_accepted ON quotes (deal_id) WHERE accepted_at IS NOT NULL;

-- The lines of a quote, in order (position 1..n). kind 'item' is the work
-- (videos, add-ons); the others are usage rights, each a line of its own
-- with its duration in months and its territory. unit_price is net, in
-- minor units; vat_rate a percent (25 or 0).
CREATE TABLE quote_lines (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    quote_id    BIGINT NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL CHECK (position >= 1),
    kind        TEXT NOT NULL CHECK (kind IN ('item', 'organic', 'paid', 'whitelisting', 'exclusivity')),
    description TEXT NOT NULL DEFAULT '',
    quantity    BIGINT NOT NULL CHECK (quantity >= 1),
    unit_price  BIGINT NOT NULL CHECK (unit_price >= 0),
    vat_rate    INTEGER NOT NULL CHECK (vat_rate IN (0, 25)),
    months      INTEGER NOT NULL DEFAULT 0,
    territory   TEXT NOT NULL DEFAULT '',
    UNIQUE (quote_id, position)
);

-- +goose Down
DROP TABLE quote_lines;
DROP TABLE quotes;
