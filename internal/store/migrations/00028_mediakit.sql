-- +goose Up
-- The media kit (internal/mediakit): what the creator chose for it, one
-- row (name 'kit') holding the settings as JSON: the sections shown and
-- their order, the intro and niches per language, the figures she reports
-- herself with their dates, and the prices of usage rights. Everything
-- else in the kit is read from the site's own data when it is shown.
CREATE TABLE mediakit_settings (
    name       TEXT PRIMARY KEY,
    settings   TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE mediakit_settings;
