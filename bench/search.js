#!/usr/bin/env node
// GET /api/v2/search on a seeded instance, single process on PostgreSQL: the composer's autocomplete
// (type=accounts and type=hashtags, q=al, limit=4) and a full-text status search, signed in.
// Seeds with SQL in a few seconds: ACCOUNTS (5000) accounts, STATUSES (100000) statuses, TAGS (2000) hashtags,
// one hashtag per status. autocannon: each row at CONNECTIONS (1,10: one client typing, then ten at once),
// 3 s warm-up then DURATION (10) s per cell.
'use strict';
const { Client } = require('pg');
const { load, seed } = require('./lib.js');
const { startServer } = require('./servers.js');

const ACCOUNTS = Number(process.env.ACCOUNTS || 5000);
const STATUSES = Number(process.env.STATUSES || 100000);
const TAGS = Number(process.env.TAGS || 2000);

const NAMES = ['alice', 'alfred', 'albert', 'bob', 'carol', 'dave', 'eve', 'frank', 'grace', 'heidi', 'ivan', 'judy', 'mallory', 'oscar', 'peggy', 'trent', 'victor', 'walter'];
const WORDS = ['alpha', 'almond', 'bravo', 'cedar', 'delta', 'ember', 'fjord', 'garden', 'harbor', 'island', 'jasmine', 'kettle', 'lantern', 'meadow', 'nectar', 'orbit', 'pepper', 'quartz', 'river', 'saffron', 'tundra', 'umber', 'velvet', 'willow'];

const sqlArray = (values) => `(ARRAY[${values.map((v) => `'${v}'`).join(',')}])`;

/**
 * Accounts, statuses and hashtags straight into the tables, with snowflake ids made from past milliseconds (one
 * per row, so they never collide and read as ordinary ids), then ANALYZE so the planner knows the sizes.
 */
async function seedSql(databaseUrl) {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const started = Date.now();
  try {
    const ms = `(extract(epoch from now()) * 1000)::bigint`;
    await db.query(`
      INSERT INTO accounts (id, username, username_lower, display_name, indexable, discoverable, updated_at)
      SELECT ((${ms} - 500000 - n) << 16) | (n & 65535), u, u, initcap(w) || ' ' || initcap(name), n % 2 = 0, n % 3 = 0, now()
      FROM generate_series(1, ${ACCOUNTS}) n,
        LATERAL (SELECT ${sqlArray(NAMES)}[1 + n % ${NAMES.length}] AS name, ${sqlArray(WORDS)}[1 + (n / 7) % ${WORDS.length}] AS w) p,
        LATERAL (SELECT p.name || n AS u) q`);
    await db.query(`INSERT INTO account_stats (account_id) SELECT id FROM accounts ON CONFLICT DO NOTHING`);
    await db.query(`
      INSERT INTO tags (name, display_name)
      SELECT ${sqlArray(WORDS)}[1 + n % ${WORDS.length}] || n, ${sqlArray(WORDS)}[1 + n % ${WORDS.length}] || n
      FROM generate_series(1, ${TAGS}) n ON CONFLICT DO NOTHING`);
    await db.query(`
      WITH authors AS (SELECT array_agg(id) AS ids FROM accounts)
      INSERT INTO statuses (id, account_id, text, visibility, updated_at)
      SELECT ((${ms} - 400000 + n) << 16) | (n & 65535), authors.ids[1 + n % array_length(authors.ids, 1)],
        ${sqlArray(WORDS)}[1 + n % ${WORDS.length}] || ' ' || ${sqlArray(WORDS)}[1 + (n / 3) % ${WORDS.length}] || ' ' ||
          ${sqlArray(WORDS)}[1 + (n / 11) % ${WORDS.length}] || ' word' || (n % 5000) || ' #tag' || n,
        (CASE WHEN n % 10 = 0 THEN 'private' WHEN n % 10 = 1 THEN 'unlisted' ELSE 'public' END)::"Visibility", now()
      FROM generate_series(1, ${STATUSES}) n, authors`);
    await db.query(`
      WITH t AS (SELECT array_agg(id) AS ids FROM tags)
      INSERT INTO statuses_tags (status_id, tag_id)
      SELECT s.id, t.ids[1 + (s.id % array_length(t.ids, 1))::int] FROM statuses s, t ON CONFLICT DO NOTHING`);
    await db.query('ANALYZE');
  } finally {
    await db.end();
  }
  return Date.now() - started;
}

async function main() {
  const connectionCounts = (process.env.CONNECTIONS || '1,10').split(',').map(Number);
  const duration = Number(process.env.DURATION || 10);
  const server = await startServer('single');
  try {
    const { userToken } = await seed(server.baseUrl);
    const seedMs = await seedSql(server.databaseUrl);
    console.log(`seeded ${ACCOUNTS} accounts, ${STATUSES} statuses, ${TAGS} hashtags in ${(seedMs / 1000).toFixed(1)} s`);
    const headers = { authorization: `Bearer ${userToken}` };
    const rows = [
      ['accounts  type=accounts&q=al&resolve=false&limit=4', '/api/v2/search?type=accounts&q=al&resolve=false&limit=4'],
      ['hashtags  type=hashtags&q=al&limit=4', '/api/v2/search?type=hashtags&q=al&resolve=false&limit=4'],
      ['statuses  type=statuses&q=meadow river (limit 20)', '/api/v2/search?type=statuses&q=meadow%20river'],
      ['all three q=willow', '/api/v2/search?q=willow'],
    ];
    console.log(`GET /api/v2/search  single-process PostgreSQL  ${duration} s each`);
    for (const connections of connectionCounts) {
      for (const [label, path] of rows) {
        const url = `${server.baseUrl}${path}`;
        const probe = await fetch(url, { headers });
        if (probe.status !== 200) throw new Error(`${path} answered ${probe.status}: ${await probe.text()}`);
        const body = await probe.json();
        await load({ url, headers, connections, duration: 3 });
        const result = await load({ url, headers, connections, duration });
        const errors = result.non2xx + result.errors;
        const found = `${body.accounts.length}/${body.statuses.length}/${body.hashtags.length}`;
        console.log(
          `${label.padEnd(52)} c=${String(connections).padEnd(3)} req/s ${String(Math.round(result.requests.average)).padStart(5)}  ` +
            `p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  errors ${errors}  found ${found}`,
        );
      }
    }
  } finally {
    await server.stop();
  }
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

module.exports = { seedSql };
