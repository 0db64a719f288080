-- +goose Up
-- Card payments of invoices through Stripe Checkout (internal/billing/card).

-- A Checkout Session made for an invoice's outstanding amount: reused for
-- the same invoice and amount until it expires (expires_at, Unix seconds).
CREATE TABLE card_sessions (
    session_id TEXT PRIMARY KEY,
    invoice_id INTEGER NOT NULL REFERENCES invoices (id),
    amount     BIGINT NOT NULL CHECK (amount > 0),
    currency   TEXT NOT NULL,
    url        TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX card_sessions_invoice ON card_sessions (invoice_id, amount);

-- A paid session recorded as a payment of its invoice: one row per
-- session, written in the payment's transaction, so however often Stripe
-- sends its event (and by whichever replica) it is recorded once.
CREATE TABLE card_payments (
    session_id TEXT PRIMARY KEY,
    event_id   TEXT NOT NULL UNIQUE,
    invoice_id INTEGER NOT NULL REFERENCES invoices (id),
    amount     BIGINT NOT NULL,
    created_at TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE card_payments;
DROP TABLE card_sessions;
