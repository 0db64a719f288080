-- +goose Up
-- Uploads from any replica. With S3 storage an upload's chunks
-- are objects of the bucket (upload-chunks/ID/INDEX), and a chunk is
-- recorded here once it is durable there, so that any replica knows which
-- have come and can finalize. chunk_size is the size of every chunk but the
-- last, fixed by the first of them to arrive (0 until then).
ALTER TABLE uploads ADD COLUMN chunk_size INTEGER NOT NULL DEFAULT 0;
CREATE TABLE upload_chunks (
    upload_id   TEXT NOT NULL REFERENCES uploads (id) ON DELETE CASCADE,
    chunk_index INTEGER NOT NULL,
    size        INTEGER NOT NULL,
    PRIMARY KEY (upload_id, chunk_index)
);

-- A job whose subject begins "once:" is never queued or running twice
-- (jobs.EnqueueOnce): the hourly upload cleanup, which every replica
-- schedules, runs in one replica at a time.
CREATE UNIQUE INDEX jobs_pending_once ON jobs (kind, subject)
    WHERE subject LIKE 'once:%' AND state IN ('queued', 'running');

-- +goose Down
DROP INDEX jobs_pending_once;
DROP TABLE upload_chunks;
ALTER TABLE uploads DROP COLUMN chunk_size;
