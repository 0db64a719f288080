-- +goose Up
-- What background processing made of a stored upload (videos,
-- images): its state, the result's dimensions, and the processed
-- files (renditions, poster, variants) as a JSON list. The original stays
-- in storage under stored_name, private once it has a row here (see
-- httpapi/media_assets.go for exactly when).
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

-- +goose Down
DROP TABLE media_assets;
