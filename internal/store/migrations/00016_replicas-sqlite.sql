-- +goose Up
-- Issue 27: what replicas share besides content and jobs.
--
-- rate_limits holds the rate limits and login throttles (internal/ratelimit,
-- shared.go), one row per bucket that is not full: tat is the bucket's
-- "theoretical arrival time" (GCRA) in Unix milliseconds. A row whose tat has
-- passed is a full bucket, the same as no row, so it can be deleted at any
-- time. bucket is a hash of the key (a client address, a username): no
-- address or account name is stored. (On PostgreSQL the table is UNLOGGED.)
CREATE TABLE rate_limits (
    scope  TEXT NOT NULL,
    bucket TEXT NOT NULL,
    tat    BIGINT NOT NULL,
    PRIMARY KEY (scope, bucket)
);

-- content_version is one counter, bumped by every change of what visitors
-- see (an admin write, a finished photo or video job): every replica reads
-- it before it serves a cached page or list (internal/contentversion).
CREATE TABLE content_version (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    version BIGINT NOT NULL
);
INSERT INTO content_version (id, version) VALUES (1, 0);

-- +goose Down
DROP TABLE content_version;
DROP TABLE rate_limits;
