/**
 * SQL for `timestamp_id()`, the Mastodon-style snowflake behind
 * `@default(dbgenerated("timestamp_id()"))`: milliseconds since the epoch in
 * the upper 48 bits, a sequence in the lower 16 (65,536 ids per millisecond).
 * Prisma's diff neither creates nor sees functions, so the first migration
 * carries this ahead of the tables whose defaults call it.
 */
export const TIMESTAMP_ID_SQL = `-- CreateFunction (Mastodon-style snowflake ids; Prisma's diff does not manage functions)
CREATE SEQUENCE timestamp_id_seq;

CREATE OR REPLACE FUNCTION timestamp_id() RETURNS bigint LANGUAGE sql VOLATILE AS $$
  SELECT (floor(extract(epoch from clock_timestamp()) * 1000)::bigint << 16) | (nextval('timestamp_id_seq') & 65535)
$$;
`;
