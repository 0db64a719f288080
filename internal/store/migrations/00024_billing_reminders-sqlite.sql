-- +goose Up
-- Issue 34, part two: the reminders of unpaid invoices (internal/billing
-- reminders.go) and the optional fee of the formal reminder.

-- The fee a formal reminder (purring) may add, in øre; 0 is none (the code
-- caps it at the legal maximum, internal/billing maxReminderFee).
ALTER TABLE billing_profile ADD COLUMN reminder_fee BIGINT NOT NULL DEFAULT 0 CHECK (reminder_fee >= 0);

-- A reminder sent of an issued invoice: one row per step of the schedule
-- (internal/billing/dunning), written in the transaction that queues its
-- e-mail, so a repeated sweep or a second replica never sends one twice.
-- interest and fee are what a formal reminder claimed (minor units of the
-- invoice's currency); sent_on is the Oslo day it was sent for.
CREATE TABLE invoice_reminders (
    invoice_id INTEGER NOT NULL REFERENCES invoices (id),
    step       TEXT NOT NULL CHECK (step IN ('before-due', 'on-due', 'after-due', 'formal')),
    sent_on    TEXT NOT NULL,
    interest   BIGINT NOT NULL DEFAULT 0,
    fee        BIGINT NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (invoice_id, step)
);

-- +goose Down
DROP TABLE invoice_reminders;
ALTER TABLE billing_profile DROP COLUMN reminder_fee;
