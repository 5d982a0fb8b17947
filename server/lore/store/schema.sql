-- The bi-temporal fact store. One row is one interval of a fact's valid-time timeline as the graph
-- believed it during a span of transaction time [tx_from, tx_to). A change to a timeline closes the rows
-- it replaces (tx_to := the changing tx) and inserts the new intervals; nothing is deleted.
--
-- Instants are UTC microseconds since the epoch (BIGINT): cheap to compare, no time-zone extension.
-- Values are typed: vt is the type tag and v the canonical text, so (vt, v) is the value's identity and
-- joins/DISTINCT work on one VARCHAR; vn shadows numbers and instants for ordered comparisons.

CREATE TABLE IF NOT EXISTS meta (
    key   VARCHAR PRIMARY KEY,
    value VARCHAR NOT NULL
);

CREATE TABLE IF NOT EXISTS tx (
    tx      INTEGER PRIMARY KEY,   -- 1, 2, 3 ... per graph, no gaps
    instant BIGINT  NOT NULL,      -- wall clock, strictly increasing (UTC microseconds)
    reason  VARCHAR NOT NULL,
    source  VARCHAR NOT NULL       -- cli | lsp | agent | ingest | rule
);

CREATE TABLE IF NOT EXISTS facts (
    id         BIGINT  NOT NULL,   -- row id; provenance points at these
    e          VARCHAR NOT NULL,   -- entity ident ':ns/name' (or a uuid's text)
    a          VARCHAR NOT NULL,   -- attribute ident ':name'
    vt         VARCHAR NOT NULL,   -- value type: k keyword/ref, s string, i integer, f float, b boolean, t instant, u uuid
    v          VARCHAR NOT NULL,   -- canonical text of the value (':ns/name' for refs, RFC 3339 for instants)
    vn         DOUBLE,             -- numeric shadow: integers, floats, instants (epoch seconds)
    valid_from BIGINT  NOT NULL,
    valid_to   BIGINT  NOT NULL,   -- 2^62 while open
    tx_from    INTEGER NOT NULL,
    tx_to      INTEGER NOT NULL,   -- 2147483647 while current
    inferred   BOOLEAN NOT NULL DEFAULT false,
    rule       VARCHAR,            -- the rule that derived an inferred fact
    confidence DOUBLE  NOT NULL DEFAULT 1.0,
    provenance BIGINT[]            -- ids of the fact rows an inferred fact was derived from
);

-- Persisted Datalog rules (lore rule): one row per body, in registration order.
CREATE TABLE IF NOT EXISTS rules (
    seq     INTEGER PRIMARY KEY,
    name    VARCHAR NOT NULL,
    arity   INTEGER NOT NULL,
    source  VARCHAR NOT NULL,      -- the rule as the user wrote it
    tx      INTEGER NOT NULL
);
