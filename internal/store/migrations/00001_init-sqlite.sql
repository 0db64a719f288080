-- +goose Up
CREATE TABLE users (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    username      TEXT NOT NULL,
    display_name  TEXT NOT NULL DEFAULT '',
    password_hash TEXT NOT NULL,
    is_admin      BOOLEAN NOT NULL DEFAULT FALSE,
    created_at    TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
-- Usernames are e-mail addresses: unique without regard to case.
CREATE UNIQUE INDEX users_username_lower ON users (lower(username));

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
CREATE INDEX testimonials_language ON testimonials (language, created_at);

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
CREATE INDEX portfolio_items_language ON portfolio_items (language, featured, created_at);

CREATE TABLE contact_inquiries (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT NOT NULL,
    email      TEXT NOT NULL,
    company    TEXT NOT NULL DEFAULT '',
    service    TEXT NOT NULL DEFAULT '',
    message    TEXT NOT NULL,
    is_read    BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX contact_inquiries_created ON contact_inquiries (created_at);

-- Sessions of scs (see store/sessions.go).
CREATE TABLE sessions (
    token  TEXT PRIMARY KEY,
    data   BLOB NOT NULL,
    expiry TIMESTAMP NOT NULL
);
CREATE INDEX sessions_expiry_idx ON sessions (expiry);

-- Bookkeeping of chunked uploads in progress; the chunks live in storage.
CREATE TABLE uploads (
    id           TEXT PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    file_name    TEXT NOT NULL,
    file_size    INTEGER NOT NULL,
    file_type    TEXT NOT NULL,
    total_chunks INTEGER NOT NULL,
    created_at   TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX uploads_created ON uploads (created_at);

-- +goose Down
DROP TABLE uploads;
DROP TABLE sessions;
DROP TABLE contact_inquiries;
DROP TABLE portfolio_items;
DROP TABLE testimonials;
DROP TABLE website_content;
DROP TABLE users;
