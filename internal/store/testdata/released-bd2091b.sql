-- An SQLite database as the binary of commit bd2091b left it (sqlite3 .dump),
-- before the migrations moved into one folder: migrate_test.go opens it with
-- today's migrations and expects nothing to run.
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE goose_db_version (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		version_id INTEGER NOT NULL,
		is_applied INTEGER NOT NULL,
		tstamp TIMESTAMP DEFAULT (datetime('now'))
	);
INSERT INTO goose_db_version VALUES(1,0,1,'2026-11-25 20:57:42');
INSERT INTO goose_db_version VALUES(2,1,1,'2026-11-25 20:57:42');
INSERT INTO goose_db_version VALUES(3,2,1,'2026-11-25 20:57:43');
INSERT INTO goose_db_version VALUES(4,10,1,'2026-11-25 20:57:43');
INSERT INTO goose_db_version VALUES(5,11,1,'2026-11-25 20:57:43');
INSERT INTO goose_db_version VALUES(6,12,1,'2026-11-25 20:57:43');
CREATE TABLE users (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    username      TEXT NOT NULL,
    display_name  TEXT NOT NULL DEFAULT '',
    password_hash TEXT NOT NULL,
    is_admin      BOOLEAN NOT NULL DEFAULT FALSE,
    created_at    TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE website_content (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    section    TEXT NOT NULL,
    language   TEXT NOT NULL CHECK (language IN ('no', 'en')),
    content    TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    UNIQUE (section, language)
);
CREATE TABLE testimonials (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    name        TEXT NOT NULL,
    company     TEXT NOT NULL,
    image_url   TEXT NOT NULL DEFAULT '',
    rating      INTEGER NOT NULL DEFAULT 5 CHECK (rating BETWEEN 1 AND 5),
    testimonial TEXT NOT NULL,
    language    TEXT NOT NULL CHECK (language IN ('no', 'en')),
    is_active   BOOLEAN NOT NULL DEFAULT TRUE,
    created_at  TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE portfolio_items (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    title       TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    category    TEXT NOT NULL DEFAULT 'product'
                CHECK (category IN ('product', 'lifestyle', 'brand', 'social', 'other')),
    image_url   TEXT NOT NULL DEFAULT '',
    video_url   TEXT NOT NULL DEFAULT '',
    featured    BOOLEAN NOT NULL DEFAULT FALSE,
    language    TEXT NOT NULL CHECK (language IN ('no', 'en')),
    is_active   BOOLEAN NOT NULL DEFAULT TRUE,
    created_at  TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE contact_inquiries (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT NOT NULL,
    email      TEXT NOT NULL,
    company    TEXT NOT NULL DEFAULT '',
    service    TEXT NOT NULL DEFAULT '',
    message    TEXT NOT NULL,
    is_read    BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
, language TEXT NOT NULL DEFAULT 'no' CHECK (language IN ('no', 'en')));
CREATE TABLE sessions (
    token  TEXT PRIMARY KEY,
    data   BLOB NOT NULL,
    expiry TIMESTAMP NOT NULL
);
CREATE TABLE uploads (
    id           TEXT PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    file_name    TEXT NOT NULL,
    file_size    INTEGER NOT NULL,
    file_type    TEXT NOT NULL,
    total_chunks INTEGER NOT NULL,
    created_at   TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
, stored_name TEXT NOT NULL DEFAULT '');
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
CREATE TABLE mail_autoreplies (
    address TEXT PRIMARY KEY,
    sent_at TIMESTAMP NOT NULL
);
CREATE TABLE media_assets (
    stored_name TEXT PRIMARY KEY,
    kind        TEXT NOT NULL CHECK (kind IN ('video', 'image')),
    status      TEXT NOT NULL CHECK (status IN ('processing', 'ready', 'failed')),
    error       TEXT NOT NULL DEFAULT '',
    width       INTEGER NOT NULL DEFAULT 0,
    height      INTEGER NOT NULL DEFAULT 0,
    duration_ms BIGINT NOT NULL DEFAULT 0,
    outputs     TEXT NOT NULL DEFAULT '[]',
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL
);
DELETE FROM sqlite_sequence;
INSERT INTO sqlite_sequence VALUES('goose_db_version',6);
CREATE UNIQUE INDEX users_username_lower ON users (lower(username));
CREATE INDEX testimonials_language ON testimonials (language, created_at);
CREATE INDEX portfolio_items_language ON portfolio_items (language, featured, created_at);
CREATE INDEX contact_inquiries_created ON contact_inquiries (created_at);
CREATE INDEX sessions_expiry_idx ON sessions (expiry);
CREATE INDEX uploads_created ON uploads (created_at);
CREATE INDEX jobs_due ON jobs (kind, state, run_at);
CREATE INDEX jobs_subject ON jobs (subject);
COMMIT;
