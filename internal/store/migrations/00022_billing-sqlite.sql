-- +goose Up
-- Issue 34: billing (internal/billing). The creator's billing profile, her
-- invoices, deposit requests and credit notes, their payments, and the one
-- gap-free series of numbers they take when issued.
--
-- Money is in minor units (øre, cent) as BIGINT; days are 'YYYY-MM-DD'
-- text ('' for none), compared the same way by both engines.

-- The billing profile: one row (id 1), written by PUT /api/admin/billing.
-- kid_length 0 is "no KID agreement".
CREATE TABLE billing_profile (
    id                 INTEGER PRIMARY KEY CHECK (id = 1),
    legal_name         TEXT NOT NULL DEFAULT '',
    org_number         TEXT NOT NULL DEFAULT '',
    vat_registered     BOOLEAN NOT NULL DEFAULT FALSE,
    -- In Foretaksregisteret (every AS; a sole proprietorship when registered):
    -- the word is then printed by the org.nr (foretaksregisterloven § 10-2).
    in_foretaksregisteret BOOLEAN NOT NULL DEFAULT FALSE,
    street             TEXT NOT NULL DEFAULT '',
    postal_code        TEXT NOT NULL DEFAULT '',
    city               TEXT NOT NULL DEFAULT '',
    country            TEXT NOT NULL DEFAULT 'NO',
    email              TEXT NOT NULL DEFAULT '',
    account_number     TEXT NOT NULL DEFAULT '',
    iban               TEXT NOT NULL DEFAULT '',
    bic                TEXT NOT NULL DEFAULT '',
    kid_length         INTEGER NOT NULL DEFAULT 0 CHECK (kid_length = 0 OR kid_length BETWEEN 4 AND 25),
    kid_algorithm      TEXT NOT NULL DEFAULT '' CHECK (kid_algorithm IN ('', 'mod10', 'mod11')),
    payment_terms_days INTEGER NOT NULL DEFAULT 14 CHECK (payment_terms_days BETWEEN 0 AND 365),
    invoice_language   TEXT NOT NULL DEFAULT 'no' CHECK (invoice_language IN ('no', 'en')),
    updated_at         TIMESTAMP
);
INSERT INTO billing_profile (id) VALUES (1);

-- The one series of invoice numbers (bokføringsforskriften § 5-1-1: one
-- unbroken series). Issuing takes next_number and adds one in the issuing
-- transaction, its first write: the row's lock makes every other issue
-- wait, so two issues at once never share or skip a number, and a failed
-- issue gives its number back by rolling back. first_number is settable
-- until the first issue (while next_number = first_number).
CREATE TABLE invoice_series (
    id           INTEGER PRIMARY KEY CHECK (id = 1),
    first_number BIGINT NOT NULL CHECK (first_number >= 1),
    next_number  BIGINT NOT NULL CHECK (next_number >= first_number)
);
INSERT INTO invoice_series (id, first_number, next_number) VALUES (1, 1, 1);

-- An invoice, deposit request or credit note. A draft has no number and no
-- document; issuing sets number, the dates, document (the frozen
-- internal/billing/document Document as JSON), pdf and ehf with their
-- SHA-256 and payable, all at once, and the row never changes again (the
-- triggers below refuse it, besides the code). corrects_id is the invoice
-- a credit note corrects. A deal's drafts go with it; a deal with issued
-- invoices cannot be deleted (internal/billing's deals.OnDelete hook, and
-- the triggers refuse the cascade).
CREATE TABLE invoices (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    deal_id           INTEGER NOT NULL REFERENCES deals (id) ON DELETE CASCADE,
    kind              TEXT NOT NULL CHECK (kind IN ('invoice', 'deposit', 'credit-note')),
    number            BIGINT UNIQUE,
    currency          TEXT NOT NULL,
    language          TEXT NOT NULL CHECK (language IN ('no', 'en')),
    vat_mode          TEXT NOT NULL CHECK (vat_mode IN ('none', 'domestic', 'export')),
    issue_date        TEXT NOT NULL DEFAULT '',
    due_date          TEXT NOT NULL DEFAULT '',
    delivery_date     TEXT NOT NULL DEFAULT '',
    buyer_name        TEXT NOT NULL DEFAULT '',
    buyer_org_number  TEXT NOT NULL DEFAULT '',
    buyer_vat_id      TEXT NOT NULL DEFAULT '',
    buyer_street      TEXT NOT NULL DEFAULT '',
    buyer_postal_code TEXT NOT NULL DEFAULT '',
    buyer_city        TEXT NOT NULL DEFAULT '',
    buyer_country     TEXT NOT NULL DEFAULT '',
    buyer_email       TEXT NOT NULL DEFAULT '',
    buyer_reference   TEXT NOT NULL DEFAULT '',
    note              TEXT NOT NULL DEFAULT '',
    corrects_id       INTEGER REFERENCES invoices (id),
    kid               TEXT NOT NULL DEFAULT '',
    payable           BIGINT NOT NULL DEFAULT 0,
    document          TEXT,
    pdf               BLOB,
    pdf_sha256        TEXT NOT NULL DEFAULT '',
    ehf               BLOB,
    ehf_sha256        TEXT NOT NULL DEFAULT '',
    version           INTEGER NOT NULL DEFAULT 1,
    created_at        TIMESTAMP NOT NULL,
    updated_at        TIMESTAMP NOT NULL,
    issued_at         TIMESTAMP
);
CREATE INDEX invoices_deal ON invoices (deal_id);
CREATE INDEX invoices_corrects ON invoices (corrects_id);

-- A draft's lines, in order. An issued invoice's lines are its document's.
CREATE TABLE invoice_lines (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    invoice_id  INTEGER NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    description TEXT NOT NULL,
    quantity    BIGINT NOT NULL,
    unit_price  BIGINT NOT NULL,
    vat_rate    INTEGER NOT NULL,
    UNIQUE (invoice_id, position)
);

-- A payment recorded by hand: amount in the invoice's currency, the day
-- it was paid, how ('bank', 'cash', 'other').
CREATE TABLE invoice_payments (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    invoice_id INTEGER NOT NULL REFERENCES invoices (id),
    amount     BIGINT NOT NULL CHECK (amount > 0),
    paid_on    TEXT NOT NULL,
    method     TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX invoice_payments_invoice ON invoice_payments (invoice_id);

-- An issued invoice is kept as issued (bokføringsforskriften § 5-2-7 and
-- the 5 years of § 13-7): no update, no delete, whatever asks.
-- +goose StatementBegin
CREATE TRIGGER invoices_issued_unchanged BEFORE UPDATE ON invoices
WHEN OLD.number IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'an issued invoice cannot be changed');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER invoices_issued_kept BEFORE DELETE ON invoices
WHEN OLD.number IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'an issued invoice cannot be deleted');
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER invoices_issued_kept;
DROP TRIGGER invoices_issued_unchanged;
DROP TABLE invoice_payments;
DROP TABLE invoice_lines;
DROP TABLE invoices;
DROP TABLE invoice_series;
DROP TABLE billing_profile;
