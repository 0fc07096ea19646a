/**
 * Ids are 64-bit integers in the database (Mastodon-style snowflakes or
 * sequences) and decimal strings everywhere else.
 */
const MAX_ID = 9223372036854775807n;
const DECIMAL = /^[0-9]{1,19}$/;

/** Parses an id from a client; null when it is not a valid 64-bit id. */
export function parseId(value: unknown): bigint | null {
  if (typeof value !== 'string' || !DECIMAL.test(value)) return null;
  const id = BigInt(value);
  return id > 0n && id <= MAX_ID ? id : null;
}

export function idToString(id: bigint): string {
  return id.toString();
}

/** The creation time a snowflake id encodes (milliseconds in its upper 48 bits). */
export function snowflakeTime(id: bigint): Date {
  return new Date(Number(id >> 16n));
}

/** The smallest snowflake for a point in time: for time-based cursors. */
export function snowflakeAt(date: Date): bigint {
  return BigInt(date.getTime()) << 16n;
}
