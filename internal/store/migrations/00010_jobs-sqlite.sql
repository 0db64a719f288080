-- +goose Up
-- Background jobs (internal/jobs): the one durable queue of the product.
-- A job is queued until run_at, running while a worker holds its lease
-- (lease_until, renewed by a heartbeat; an expired lease is taken again),
-- then done or failed. subject names what the job is about ("inquiry:12")
-- so a screen can show its state.
CREATE TABLE jobs (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    kind         TEXT NOT NULL,
    subject      TEXT NOT NULL DEFAULT '',
    payload      TEXT NOT NULL DEFAULT '{}',
    state        TEXT NOT NULL DEFAULT 'queued'
                 CHECK (state IN ('queued', 'running', 'done', 'failed')),
    attempts     INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL,
    run_at       TIMESTAMP NOT NULL,
    lease_token  TEXT NOT NULL DEFAULT '',
    lease_until  TIMESTAMP,
    last_error   TEXT NOT NULL DEFAULT '',
    progress     INTEGER CHECK (progress BETWEEN 0 AND 100),
    created_at   TIMESTAMP NOT NULL,
    updated_at   TIMESTAMP NOT NULL,
    finished_at  TIMESTAMP
);
CREATE INDEX jobs_due ON jobs (kind, state, run_at);
CREATE INDEX jobs_subject ON jobs (subject);

-- +goose Down
DROP TABLE jobs;
