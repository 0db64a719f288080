-- +goose Up
-- Invoices issued and sent through Fiken (internal/billing/fiken): the
-- connection, each document made there and the payments that went across.
-- The issued invoice itself stays billing's row (invoices, with Fiken's
-- number as its number, never changed after); what changes after issue —
-- sent or not, how, the last error — lives here, outside the triggers.

-- The connection: one row (id 1) while connected in Settings → Billing.
-- token_sealed is the API token sealed with AES-GCM under the site's
-- "fiken-token" key (site_secrets); it is never answered by the API.
-- bank_account is Fiken's account code invoices are paid to ("1920:10001").
CREATE TABLE fiken_connection (
    id           INTEGER PRIMARY KEY CHECK (id = 1),
    company      TEXT NOT NULL,
    token_sealed TEXT NOT NULL,
    bank_account TEXT NOT NULL,
    connected_at TIMESTAMPTZ NOT NULL
);

-- A document made in Fiken. source_id is the draft (kind 'invoice') or the
-- invoice corrected (kind 'credit-note'); invoice_id is billing's issued row
-- once Fiken numbered it. ref marks the document in Fiken (its
-- orderReference) so that a try after a lost answer finds it instead of
-- making a second one; fiken_id is recorded the moment Fiken answers.
-- request is what was asked (the exchange rate, a credit note's lines and
-- reason) as JSON. state: pending (queued or being tried), issued
-- (numbered, not yet sent), sent, failed (error holds Fiken's message).
CREATE TABLE fiken_documents (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind         TEXT NOT NULL CHECK (kind IN ('invoice', 'credit-note')),
    source_id    BIGINT NOT NULL REFERENCES invoices (id),
    invoice_id   BIGINT UNIQUE REFERENCES invoices (id),
    ref          TEXT NOT NULL UNIQUE,
    request      TEXT NOT NULL DEFAULT '{}',
    state        TEXT NOT NULL CHECK (state IN ('pending', 'issued', 'sent', 'failed')),
    fiken_id     BIGINT,
    fiken_number BIGINT,
    sale_id      BIGINT,
    contact_id   BIGINT,
    sent_via     TEXT NOT NULL DEFAULT '',
    error        TEXT NOT NULL DEFAULT '',
    error_status INTEGER NOT NULL DEFAULT 0,
    created_at   TIMESTAMPTZ NOT NULL,
    updated_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX fiken_documents_source ON fiken_documents (source_id);
-- One invoice is made in Fiken once: a draft has at most one document.
CREATE UNIQUE INDEX fiken_documents_one_invoice ON fiken_documents (source_id) WHERE kind = 'invoice';

-- A payment that went across: recorded in ugcfolio and sent to Fiken
-- (direction 'to-fiken', payment_id set, fiken_payment_id once Fiken took
-- it), or registered in Fiken and recorded here ('from-fiken'). A Fiken
-- payment is recorded once (the unique pair).
CREATE TABLE fiken_payments (
    id               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    invoice_id       BIGINT NOT NULL REFERENCES invoices (id),
    payment_id       BIGINT UNIQUE REFERENCES invoice_payments (id),
    fiken_payment_id BIGINT,
    direction        TEXT NOT NULL CHECK (direction IN ('to-fiken', 'from-fiken')),
    state            TEXT NOT NULL CHECK (state IN ('pending', 'done', 'failed')),
    error            TEXT NOT NULL DEFAULT '',
    created_at       TIMESTAMPTZ NOT NULL,
    updated_at       TIMESTAMPTZ NOT NULL,
    UNIQUE (invoice_id, fiken_payment_id)
);

-- +goose Down
DROP TABLE fiken_payments;
DROP TABLE fiken_documents;
DROP TABLE fiken_connection;
