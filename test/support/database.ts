// The target's PostgreSQL, for the few tests that must write or read what no API does (a time brought
// forward, a column no API sets, what is stored at rest). The embedded target has none: those tests skip.
import { Client } from 'pg';
import { describeIf } from './targets';

export const DATABASE_URL = process.env.E2E_DATABASE_URL;

/** describe on a target with PostgreSQL, describe.skip on the embedded one. */
export const describeWithDatabase = describeIf(Boolean(DATABASE_URL));

/** A connection to the target's database for the enclosing describe block: connected before its tests, closed after them. */
export function connectDatabase(): Client {
  const sql = new Client({ connectionString: DATABASE_URL });
  beforeAll(() => sql.connect());
  afterAll(() => sql.end());
  return sql;
}
