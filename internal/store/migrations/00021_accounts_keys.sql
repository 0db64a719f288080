-- +goose Up
-- Accounts and keys (hardening).
--
-- password_set_by_operator is TRUE when the account's password was set by
-- the operator on the command line (ugcfolio admin create), FALSE when it
-- was chosen by whoever registered the address. There is no e-mail
-- verification, so a registered account proves nothing about who owns its
-- address: "admin promote" refuses such an account (anyone may have
-- registered the creator's address first), and "admin create
-- --reset-password" sets a password of the operator's instead.
-- Existing accounts keep FALSE: nothing recorded who set their passwords.
ALTER TABLE users ADD COLUMN password_set_by_operator BOOLEAN NOT NULL DEFAULT FALSE;

-- site_secrets holds the site's own random keys, one per purpose (name),
-- made by the first replica that needs one (store.SiteSecret) and read by
-- all the others: the key of the rate limits' buckets, so rate_limits holds
-- no plain hash of an address; the key of the coming-soon gate's passes,
-- so a pass does not let anyone test guesses of the gate's password.
CREATE TABLE site_secrets (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL -- 32 random bytes, hex
);

-- +goose Down
DROP TABLE site_secrets;
ALTER TABLE users DROP COLUMN password_set_by_operator;
