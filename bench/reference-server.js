#!/usr/bin/env node
// The physical reference on this machine: bare node:http + pg, named prepared
// statements, one statement per request, no framework, no GraphQL. It serves
// the same JSON as the product for an anonymous GET /api/v1/statuses/:id of a
// public status (the benchmark compares the bodies before it measures) and
// the same insert for POST /api/v1/statuses (token checked, conversation,
// status and the author's counters written in one transaction). With a
// Bearer token it also serves what bench:ratio --all measures (see
// reference/statuses.js): the status, its context, the home timeline, the
// notifications, favourite and unfavourite. Not part of the product: nothing
// else (media bodies of an anonymous read, anonymous contexts, boosts'
// favourites, query parameters other than limit) is served.
// Settings: DATABASE_URL, PORT, PUBLIC_URL, POOL_SIZE (default 10).
'use strict';
const { createHash } = require('node:crypto');
const http = require('node:http');
const { Pool } = require('pg');
const { plainTextToHtml } = require('@social/content');
const { STATUS, CONTEXT, HOME, NOTIFICATIONS, FAVOURITE, UNFAVOURITE, mapper } = require('./reference/statuses.js');

const base = process.env.PUBLIC_URL;
const localDomain = new URL(base).hostname;
const { accountJson, statusJson: signedInJson, notificationJson, promoteSelfReplies } = mapper(base);
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE || 10) });

const STATUS_COLUMNS = `
  s.id::text, s.created_at, s.in_reply_to_id::text, s.in_reply_to_account_id::text, s.sensitive, s.spoiler_text,
  s.visibility::text, s.language, s.replies_count, s.reblogs_count, s.favourites_count, s.edited_at, s.text,
  a.id::text AS account_id, a.username, a.display_name, a.locked, a.bot, a.discoverable, a.note, a.avatar_key, a.header_key,
  a.fields, a.created_at AS account_created_at,
  coalesce(st.statuses_count, 0) AS statuses_count, coalesce(st.followers_count, 0) AS followers_count,
  coalesce(st.following_count, 0) AS following_count, st.last_status_at,
  (SELECT coalesce(json_agg(json_build_object('id', m.account_id::text, 'username', ma.username) ORDER BY m.id), '[]')
     FROM mentions m JOIN accounts ma ON ma.id = m.account_id WHERE m.status_id = s.id) AS mentions,
  (SELECT coalesce(json_agg(t.name), '[]') FROM statuses_tags x JOIN tags t ON t.id = x.tag_id WHERE x.status_id = s.id) AS tags,
  (SELECT count(*)::int FROM media_attachments ma WHERE ma.status_id = s.id) AS media_count`;

const READ = {
  name: 'reference_status_read',
  text: `SELECT ${STATUS_COLUMNS}
    FROM statuses s JOIN accounts a ON a.id = s.account_id LEFT JOIN account_stats st ON st.account_id = a.id
    WHERE s.id = $1 AND s.visibility IN ('public', 'unlisted') AND s.reblog_of_id IS NULL AND a.suspended_at IS NULL`,
};

const INSERT = {
  name: 'reference_status_insert',
  text: `WITH principal AS (
      SELECT t.account_id, t.application_id FROM oauth_access_tokens t
      JOIN users u ON u.account_id = t.account_id JOIN accounts a ON a.id = t.account_id
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND NOT u.disabled AND a.suspended_at IS NULL
        AND ' ' || t.scopes || ' ' ~ ' (write|write:statuses) '
    ), conversation AS (
      INSERT INTO conversations (created_at) SELECT now() FROM principal RETURNING id
    ), inserted AS (
      INSERT INTO statuses (account_id, application_id, text, spoiler_text, sensitive, visibility, language, conversation_id, updated_at)
      SELECT p.account_id, p.application_id, $2, '', false, 'public', 'en', c.id, now() FROM principal p, conversation c
      RETURNING *
    ), counted AS (
      INSERT INTO account_stats (account_id, statuses_count, last_status_at) SELECT account_id, 1, created_at FROM inserted
      ON CONFLICT (account_id) DO UPDATE SET statuses_count = account_stats.statuses_count + 1, last_status_at = excluded.last_status_at
      RETURNING statuses_count, followers_count, following_count, last_status_at
    )
    SELECT s.id::text, s.created_at, s.in_reply_to_id::text, s.in_reply_to_account_id::text, s.sensitive, s.spoiler_text,
      s.visibility::text, s.language, s.replies_count, s.reblogs_count, s.favourites_count, s.edited_at, s.text,
      a.id::text AS account_id, a.username, a.display_name, a.locked, a.bot, a.discoverable, a.note, a.avatar_key, a.header_key,
      a.fields, a.created_at AS account_created_at, st.statuses_count, st.followers_count, st.following_count, st.last_status_at,
      '[]'::json AS mentions, '[]'::json AS tags, 0 AS media_count, ap.name AS application_name, ap.website AS application_website
    FROM inserted s JOIN accounts a ON a.id = s.account_id LEFT JOIN oauth_applications ap ON ap.id = s.application_id, counted st`,
};

function statusJson(row, viewerIsAuthor) {
  const mentions = row.mentions.map((m) => ({ id: m.id, username: m.username, url: `${base}/@${m.username}`, acct: m.username }));
  const json = {
    id: row.id,
    created_at: row.created_at.toISOString(),
    in_reply_to_id: row.in_reply_to_id,
    in_reply_to_account_id: row.in_reply_to_account_id,
    sensitive: row.sensitive,
    spoiler_text: row.spoiler_text,
    visibility: row.visibility,
    language: row.language,
    uri: `${base}/users/${row.username}/statuses/${row.id}`,
    url: `${base}/@${row.username}/${row.id}`,
    replies_count: row.replies_count,
    reblogs_count: row.reblogs_count,
    favourites_count: row.favourites_count,
    quotes_count: 0,
    edited_at: row.edited_at ? row.edited_at.toISOString() : null,
  };
  if (viewerIsAuthor) Object.assign(json, { favourited: false, reblogged: false, muted: false, bookmarked: false, pinned: false });
  json.content = plainTextToHtml(row.text, { baseUrl: base, localDomain, mentions: mentions.map((m) => ({ ...m, domain: null })) });
  if (viewerIsAuthor) json.filtered = [];
  json.reblog = null;
  json.application = viewerIsAuthor && row.application_name != null ? { name: row.application_name, website: row.application_website } : null;
  json.account = accountJson({
    id: row.account_id,
    username: row.username,
    display_name: row.display_name,
    locked: row.locked,
    bot: row.bot,
    discoverable: row.discoverable,
    note: row.note,
    avatar_key: row.avatar_key,
    header_key: row.header_key,
    fields: row.fields,
    created_at: row.account_created_at.toISOString().slice(0, 10),
    statuses_count: row.statuses_count,
    followers_count: row.followers_count,
    following_count: row.following_count,
    last_status_at: row.last_status_at ? row.last_status_at.toISOString().slice(0, 10) : null,
  });
  json.media_attachments = [];
  json.mentions = mentions;
  json.tags = row.tags.map((name) => ({ name, url: `${base}/tags/${encodeURIComponent(name)}` }));
  json.emojis = [];
  json.card = null;
  json.poll = null;
  return json;
}

function send(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

const STATUS_PATH = /^\/api\/v1\/statuses\/(\d{1,19})(\/context|\/favourite|\/unfavourite)?$/;
const BEARER = /^Bearer\s+(\S+)\s*$/i;
const tokenHash = (req) => {
  const token = BEARER.exec(req.headers.authorization ?? '')?.[1];
  return token ? createHash('sha256').update(token).digest('hex') : null;
};
const unauthorized = (res) => send(res, 401, { error: 'The access token is invalid' });
const notFound = (res) => send(res, 404, { error: 'Record not found' });

/** limit of a page: the default, at most the maximum (the server's page sizes). */
function limit(url, fallback, max) {
  const value = Number(url.searchParams.get('limit') ?? fallback);
  return Number.isInteger(value) && value > 0 ? Math.min(value, max) : fallback;
}

/** The Link header of a page of items (the next page below its last id, the previous above its first). */
function link(url, items) {
  if (items.length === 0) return {};
  const page = (key, id) => {
    const target = new URL(`${base}${url.pathname}`);
    if (url.searchParams.has('limit')) target.searchParams.set('limit', url.searchParams.get('limit'));
    target.searchParams.set(key, id);
    return target.toString();
  };
  return { link: `<${page('max_id', items[items.length - 1].id)}>; rel="next", <${page('min_id', items[0].id)}>; rel="prev"` };
}

/** Runs a signed-in statement: $1 the token's hash; no row means no valid token. */
async function asUser(req, res, statement, values) {
  const hash = tokenHash(req);
  const rows = hash ? (await pool.query({ ...statement, values: [hash, ...values] })).rows : [];
  if (rows.length === 0) unauthorized(res);
  return rows[0] ?? null;
}

async function getStatus(req, res, id) {
  if (!req.headers.authorization) {
    const { rows } = await pool.query({ ...READ, values: [id] });
    if (rows.length === 0) return notFound(res);
    if (rows[0].media_count > 0) return send(res, 501, { error: 'media bodies are not served by the reference' });
    return send(res, 200, statusJson(rows[0], false));
  }
  const row = await asUser(req, res, STATUS, [id]);
  if (row) return row.status ? send(res, 200, signedInJson(row.status)) : notFound(res);
}

async function getContext(req, res, id) {
  if (!req.headers.authorization) return send(res, 501, { error: 'anonymous contexts are not served by the reference' });
  const row = await asUser(req, res, CONTEXT, [id]);
  if (!row) return;
  if (!row.found) return notFound(res);
  send(res, 200, { ancestors: row.ancestors.map(signedInJson), descendants: promoteSelfReplies(row.descendants).map(signedInJson) });
}

async function favourite(req, res, id, action) {
  for await (const _chunk of req); // a body, if any, is not read
  const row = await asUser(req, res, action === '/favourite' ? FAVOURITE : UNFAVOURITE, [id]);
  if (row) return row.status ? send(res, 200, signedInJson(row.status)) : notFound(res);
}

async function page(req, res, url, statement, key, map, size) {
  const row = await asUser(req, res, statement, [limit(url, size.default, size.max)]);
  if (!row) return;
  const items = row[key];
  send(res, 200, items.map(map), link(url, items));
}

async function post(req, res) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const text = new URLSearchParams(Buffer.concat(chunks).toString()).get('status') ?? '';
  const hash = tokenHash(req);
  if (!hash) return unauthorized(res);
  if (!text.trim()) return send(res, 422, { error: "Validation failed: Text can't be blank" });
  const { rows } = await pool.query({ ...INSERT, values: [hash, text] });
  if (rows.length === 0) return unauthorized(res);
  // The author sees the viewer flags (all false on a new status) and the source application.
  return send(res, 200, statusJson(rows[0], true));
}

async function handle(req, res) {
  const match = STATUS_PATH.exec(req.url);
  if (match && req.method === 'GET' && match[2] === undefined) return getStatus(req, res, match[1]);
  if (match && req.method === 'GET' && match[2] === '/context') return getContext(req, res, match[1]);
  if (match && req.method === 'POST' && match[2] !== '/context' && match[2] !== undefined) return favourite(req, res, match[1], match[2]);
  if (req.method === 'POST' && req.url === '/api/v1/statuses') return post(req, res);
  const url = new URL(req.url, base);
  if (req.method === 'GET' && url.pathname === '/api/v1/timelines/home') {
    return page(req, res, url, HOME, 'statuses', signedInJson, { default: 20, max: 40 });
  }
  if (req.method === 'GET' && url.pathname === '/api/v1/notifications') {
    return page(req, res, url, NOTIFICATIONS, 'notifications', notificationJson, { default: 40, max: 80 });
  }
  send(res, 404, { error: 'Not Found' });
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((error) => {
    process.stderr.write(`reference: ${error.stack}\n`);
    if (!res.headersSent) send(res, 500, { error: 'Internal server error' });
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('listening'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
