-- +goose Up
-- Issue 38: the creator can copy the brand's current room link again.
-- token_sealed is the token of an admin link sealed with AES-GCM under the
-- site's "room-links" key (site_secrets; internal/rooms seal.go), bound to
-- its room; token_hash stays what a request is looked up by. '' for mail
-- links and for links made before this column (they cannot be shown again).
ALTER TABLE room_links ADD COLUMN token_sealed TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE room_links DROP COLUMN token_sealed;
