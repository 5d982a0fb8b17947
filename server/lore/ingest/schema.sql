-- Ingestion's own tables. ingest_meta holds the watermark (the last first-parent commit whose facts are
-- committed) in the same DuckDB transaction as those facts, so a killed ingest resumes exactly there.
CREATE TABLE IF NOT EXISTS ingest_meta (
    key   VARCHAR NOT NULL,
    value VARCHAR
);

-- The files of the watermark commit that ingestion tracks (ignored paths excluded).
CREATE TABLE IF NOT EXISTS ingest_files (
    path   VARCHAR NOT NULL,
    blob   VARCHAR NOT NULL,
    mode   VARCHAR NOT NULL,
    module VARCHAR NOT NULL
);

-- Module ident of every path ever seen: stable across runs even when two paths slug alike.
CREATE TABLE IF NOT EXISTS ingest_idents (
    path  VARCHAR NOT NULL,
    ident VARCHAR NOT NULL
);

-- Source locations at the newest ingested commit: a cache for the editor, rebuilt for changed files.
CREATE TABLE IF NOT EXISTS code_locations (
    entity VARCHAR, file VARCHAR, kind VARCHAR, name VARCHAR, qualified_name VARCHAR,
    line INTEGER, col INTEGER, end_line INTEGER, end_col INTEGER   -- 1-based lines, 0-based columns
);

CREATE TABLE IF NOT EXISTS import_locations (
    module VARCHAR, target VARCHAR, spec VARCHAR, file VARCHAR,
    line INTEGER, col INTEGER, end_line INTEGER, end_col INTEGER
);

-- The open facts each tracked file owns (its module's and its definitions'), as of the watermark: an
-- incremental run loads the few files it touches from here instead of scanning the facts table.
CREATE TABLE IF NOT EXISTS ingest_open (
    path       VARCHAR NOT NULL,
    e          VARCHAR NOT NULL,
    a          VARCHAR NOT NULL,
    vt         VARCHAR NOT NULL,
    v          VARCHAR NOT NULL,
    valid_from BIGINT  NOT NULL,
    id         BIGINT            -- the facts row of the open interval (closing goes by id)
);
ALTER TABLE ingest_open ADD COLUMN IF NOT EXISTS id BIGINT;

-- Entities ingestion writes once and never closes: external dependencies and tags.
CREATE TABLE IF NOT EXISTS ingest_known (
    ident VARCHAR NOT NULL
);

-- Per tracked file, the hashes of its definitions at the watermark (kind '-' marks a file known to have
-- none), so an incremental run compares a changed file without re-parsing its previous version.
CREATE TABLE IF NOT EXISTS ingest_defs (
    path       VARCHAR NOT NULL,
    kind       VARCHAR NOT NULL,
    qname      VARCHAR NOT NULL,
    body_hash  BIGINT  NOT NULL,
    shape_hash BIGINT  NOT NULL
);
