// The reference's signed-in reads and writes (bench:ratio --all): each row's
// whole answer from one named prepared statement (token check included, as
// the server checks the token on every request), then mapped to Mastodon's
// JSON here. The SQL builds each status as one JSON object with everything
// the server's answer carries (viewer flags, author, mentions, tags, media,
// card, poll, the boosted status), so a row does the server's work and
// nothing else. Not part of the product.
'use strict';
const { plainTextToHtml } = require('@social/content');

/** ISO timestamp with milliseconds, as the facade prints them (columns are UTC timestamps). */
const ts = (column) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const day = (column) => `to_char(${column}, 'YYYY-MM-DD')`;

/** The bearer token's user, when the token is live and carries one of the scopes (a regex alternation). */
const principal = (scopes) => `principal AS (
    SELECT t.account_id, t.application_id FROM oauth_access_tokens t
    JOIN users u ON u.account_id = t.account_id JOIN accounts a ON a.id = t.account_id
    WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND NOT u.disabled AND a.suspended_at IS NULL
      AND ' ' || t.scopes || ' ' ~ ' (${scopes}) '
  )`;

/** Who may see a status: public and unlisted to anyone; private to followers; the author and the mentioned always. */
const visible = (s, viewer) => `(${s}.visibility IN ('public', 'unlisted') OR ${s}.account_id = ${viewer}
    OR EXISTS (SELECT 1 FROM mentions vm WHERE vm.status_id = ${s}.id AND vm.account_id = ${viewer})
    OR (${s}.visibility = 'private' AND EXISTS (SELECT 1 FROM follows vf WHERE vf.account_id = ${viewer} AND vf.target_account_id = ${s}.account_id)))`;

const account = (id) => `(SELECT json_build_object(
    'id', a.id::text, 'username', a.username, 'display_name', a.display_name, 'locked', a.locked, 'bot', a.bot,
    'discoverable', a.discoverable, 'note', a.note, 'avatar_key', a.avatar_key, 'header_key', a.header_key, 'fields', a.fields,
    'created_at', ${day('a.created_at')}, 'suspended', a.suspended_at IS NOT NULL,
    'statuses_count', coalesce(st.statuses_count, 0), 'followers_count', coalesce(st.followers_count, 0),
    'following_count', coalesce(st.following_count, 0), 'last_status_at', ${day('st.last_status_at')})
  FROM accounts a LEFT JOIN account_stats st ON st.account_id = a.id WHERE a.id = ${id})`;

/**
 * One status as a JSON object for the viewer (an SQL expression; `s` is the
 * status row's alias, `viewer` the viewer's account id). `flags` replaces a
 * flag's expression: a write's answer knows its own flag, which the
 * statement's snapshot does not show yet. A boost's favourited, reblogged and
 * bookmarked are its original's, as the server answers them.
 */
function status(s, viewer, flags = {}, depth = 0) {
  const original = `coalesce(${s}.reblog_of_id, ${s}.id)`;
  const flag = (name, sql) => flags[name] ?? sql;
  const reblog =
    depth === 0
      ? `CASE WHEN ${s}.reblog_of_id IS NOT NULL THEN (SELECT ${status('rs', viewer, {}, 1)} FROM statuses rs WHERE rs.id = ${s}.reblog_of_id) END`
      : 'NULL::json';
  return `json_build_object(
    'id', ${s}.id::text, 'created_at', ${ts(`${s}.created_at`)}, 'in_reply_to_id', ${s}.in_reply_to_id::text,
    'in_reply_to_account_id', ${s}.in_reply_to_account_id::text, 'account_id', ${s}.account_id::text, 'sensitive', ${s}.sensitive,
    'spoiler_text', ${s}.spoiler_text, 'visibility', ${s}.visibility::text, 'language', ${s}.language,
    'replies_count', ${s}.replies_count, 'reblogs_count', ${s}.reblogs_count, 'favourites_count', ${s}.favourites_count,
    'edited_at', ${ts(`${s}.edited_at`)}, 'text', ${s}.text, 'reblog_of_id', ${s}.reblog_of_id::text,
    'favourited', ${flag('favourited', `EXISTS (SELECT 1 FROM favourites f WHERE f.account_id = ${viewer} AND f.status_id = ${original})`)},
    'reblogged', ${flag('reblogged', `EXISTS (SELECT 1 FROM statuses r WHERE r.reblog_of_id = ${original} AND r.account_id = ${viewer})`)},
    'muted', EXISTS (SELECT 1 FROM conversation_mutes cm WHERE cm.account_id = ${viewer} AND cm.conversation_id = ${s}.conversation_id),
    'bookmarked', EXISTS (SELECT 1 FROM bookmarks b WHERE b.account_id = ${viewer} AND b.status_id = ${original}),
    'pinned', CASE WHEN ${s}.account_id = ${viewer} AND ${s}.reblog_of_id IS NULL AND ${s}.visibility <> 'direct'
      THEN EXISTS (SELECT 1 FROM status_pins sp WHERE sp.account_id = ${viewer} AND sp.status_id = ${s}.id) END,
    'application', CASE WHEN ${s}.account_id = ${viewer}
      THEN (SELECT json_build_object('name', ap.name, 'website', ap.website) FROM oauth_applications ap WHERE ap.id = ${s}.application_id) END,
    'account', ${account(`${s}.account_id`)},
    'mentions', (SELECT coalesce(json_agg(json_build_object('id', m.account_id::text, 'username', ma.username) ORDER BY m.id), '[]')
      FROM mentions m JOIN accounts ma ON ma.id = m.account_id WHERE m.status_id = ${s}.id),
    'tags', (SELECT coalesce(json_agg(t.name ORDER BY x.tag_id), '[]') FROM statuses_tags x JOIN tags t ON t.id = x.tag_id WHERE x.status_id = ${s}.id),
    'media', (SELECT coalesce(json_agg(json_build_object('id', md.id::text, 'type', md.type::text, 'ready', md.processing = 'done',
        'file_key', md.file_key, 'preview_key', coalesce(md.thumbnail_key, md.preview_key), 'shortcode', md.shortcode, 'meta', md.meta,
        'description', md.description, 'blurhash', md.blurhash) ORDER BY md.position, md.id), '[]')
      FROM media_attachments md WHERE md.status_id = ${s}.id),
    'card', (SELECT json_build_object('url', pc.url, 'title', pc.title, 'description', pc.description, 'language', pc.language,
        'type', pc.type, 'author_name', pc.author_name, 'author_url', pc.author_url, 'provider_name', pc.provider_name,
        'provider_url', pc.provider_url, 'html', pc.html, 'width', pc.width, 'height', pc.height, 'image', pc.image_url,
        'image_description', pc.image_description, 'embed_url', pc.embed_url, 'blurhash', pc.blurhash, 'published_at', ${ts('pc.published_at')})
      FROM statuses_preview_cards sc JOIN preview_cards pc ON pc.id = sc.preview_card_id WHERE sc.status_id = ${s}.id),
    'poll', (SELECT json_build_object('id', po.id::text, 'expires_at', ${ts('po.expires_at')},
        'expired', po.expires_at IS NOT NULL AND po.expires_at <= (now() AT TIME ZONE 'UTC'), 'multiple', po.multiple,
        'hide_totals', po.hide_totals, 'votes_count', po.votes_count, 'voters_count', po.voters_count, 'options', po.options,
        'own_votes', (SELECT coalesce(json_agg(pv.choice ORDER BY pv.choice), '[]') FROM poll_votes pv WHERE pv.poll_id = po.id AND pv.account_id = ${viewer}),
        'tallies', (SELECT json_object_agg(pt.choice, pt.n) FROM (SELECT choice, count(*)::int AS n FROM poll_votes WHERE poll_id = po.id GROUP BY choice) pt),
        'by_viewer', po.account_id = ${viewer})
      FROM polls po WHERE po.status_id = ${s}.id),
    'reblog', ${reblog})`;
}

/** A visible status by id ($2) for the token's user. */
const STATUS = {
  name: 'reference_status_signed_in',
  text: `WITH ${principal('read|read:statuses')}
    SELECT (SELECT ${status('s', 'p.account_id')} FROM statuses s WHERE s.id = $2 AND ${visible('s', 'p.account_id')}) AS status
    FROM principal p`,
};

/**
 * The thread around a visible status ($2): ancestors root first, descendants
 * depth first with siblings oldest first, the invisible ones left out
 * (self-replies are moved first afterwards, as the server does).
 */
const CONTEXT = {
  name: 'reference_status_context',
  text: `WITH ${principal('read|read:statuses')},
    target AS (SELECT s.id, s.in_reply_to_id FROM statuses s, principal p WHERE s.id = $2 AND ${visible('s', 'p.account_id')}),
    ancestors AS (
      WITH RECURSIVE up(id, in_reply_to_id, depth, path) AS (
        SELECT s.id, s.in_reply_to_id, 1, ARRAY[s.id] FROM statuses s JOIN target t ON s.id = t.in_reply_to_id
        UNION ALL
        SELECT s.id, s.in_reply_to_id, up.depth + 1, up.path || s.id FROM up JOIN statuses s ON s.id = up.in_reply_to_id
        WHERE NOT s.id = ANY(up.path) AND up.depth < 4096
      ) SELECT id, depth FROM up
    ),
    descendants AS (
      WITH RECURSIVE down(id, path) AS (
        SELECT id, ARRAY[id] FROM target
        UNION ALL
        SELECT s.id, down.path || s.id FROM down JOIN statuses s ON s.in_reply_to_id = down.id WHERE NOT s.id = ANY(down.path)
      ) SELECT id, path FROM down WHERE id <> (SELECT id FROM target) ORDER BY path LIMIT 4096
    )
    SELECT EXISTS (SELECT 1 FROM target) AS found,
      (SELECT coalesce(json_agg(${status('s', 'p.account_id')} ORDER BY x.depth DESC), '[]')
        FROM ancestors x JOIN statuses s ON s.id = x.id WHERE ${visible('s', 'p.account_id')}) AS ancestors,
      (SELECT coalesce(json_agg(${status('s', 'p.account_id')} ORDER BY x.path), '[]')
        FROM descendants x JOIN statuses s ON s.id = x.id WHERE ${visible('s', 'p.account_id')}) AS descendants
    FROM principal p`,
};

/**
 * A page ($2 statuses) of the home timeline, newest first: the viewer's own
 * statuses and those of the accounts they follow, with the server's rules
 * (direct ones only when mentioned, boosts unless the follow hides them, no
 * replies to accounts they do not follow).
 */
const HOME = {
  name: 'reference_home_timeline',
  text: `WITH ${principal('read|read:statuses')},
    page AS (
      SELECT s.* FROM statuses s, principal p
      WHERE s.account_id IN (SELECT p.account_id UNION ALL SELECT target_account_id FROM follows WHERE account_id = p.account_id)
        AND (s.account_id = p.account_id OR (
          (s.visibility IN ('public', 'unlisted', 'private') OR EXISTS (SELECT 1 FROM mentions mn WHERE mn.status_id = s.id AND mn.account_id = p.account_id))
          AND (s.reblog_of_id IS NULL OR EXISTS (SELECT 1 FROM follows f WHERE f.account_id = p.account_id AND f.target_account_id = s.account_id AND f.show_reblogs))
          AND (s.in_reply_to_account_id IS NULL OR s.in_reply_to_account_id IN (s.account_id, p.account_id)
            OR s.in_reply_to_account_id IN (SELECT target_account_id FROM follows WHERE account_id = p.account_id))))
      ORDER BY s.id DESC LIMIT $2
    )
    SELECT (SELECT coalesce(json_agg(${status('s', 'p.account_id')} ORDER BY s.id DESC), '[]') FROM page s) AS statuses FROM principal p`,
};

/**
 * A page ($2) of the viewer's notifications, newest first, each with the
 * status it is about (a favourite's through the favourite, a boost's
 * original) when the viewer may still see it.
 */
const NOTIFICATIONS = {
  name: 'reference_notifications',
  text: `WITH ${principal('read|read:notifications')},
    page AS (
      SELECT n.id, n.type, n.created_at, n.from_account_id,
        CASE WHEN n.type = 'reblog' THEN (SELECT b.reblog_of_id FROM statuses b WHERE b.id = n.status_id)
          ELSE coalesce(n.status_id, (SELECT fv.status_id FROM favourites fv WHERE fv.id = n.favourite_id)) END AS status_id
      FROM notifications n, principal p WHERE n.account_id = p.account_id ORDER BY n.id DESC LIMIT $2
    )
    SELECT (SELECT coalesce(json_agg(json_build_object('id', n.id::text, 'type', n.type::text, 'created_at', ${ts('n.created_at')},
        'status_id', n.status_id::text, 'hour', floor(extract(epoch FROM n.created_at) / 3600)::bigint,
        'account', ${account('n.from_account_id')},
        'status', (SELECT ${status('s', 'p.account_id')} FROM statuses s WHERE s.id = n.status_id AND ${visible('s', 'p.account_id')})
      ) ORDER BY n.id DESC), '[]') FROM page n) AS notifications
    FROM principal p`,
};

/**
 * Favourite or unfavourite a visible status ($2) and answer it: the favourite
 * row, the counter and (favourite) the author's notification unless it is the
 * viewer's own or its conversation is muted by the author, in one statement.
 * Boosts are not served (the server acts on their original).
 */
function favouriteStatement(name, change, flag) {
  return {
    name,
    text: `WITH ${principal('write|write:favourites')},
    target AS (
      SELECT s.id, s.account_id, s.conversation_id FROM statuses s, principal p
      WHERE s.id = $2 AND s.reblog_of_id IS NULL AND ${visible('s', 'p.account_id')} FOR NO KEY UPDATE OF s
    ), ${change},
    fresh AS (SELECT * FROM counted UNION ALL SELECT s.* FROM statuses s JOIN target t ON s.id = t.id WHERE NOT EXISTS (SELECT 1 FROM counted))
    SELECT (SELECT ${status('s', 'p.account_id', { favourited: flag })} FROM fresh s) AS status FROM principal p`,
  };
}

const FAVOURITE = favouriteStatement(
  'reference_favourite',
  `inserted AS (
      INSERT INTO favourites (account_id, status_id, created_at) SELECT p.account_id, t.id, now() AT TIME ZONE 'UTC' FROM target t, principal p
      ON CONFLICT (account_id, status_id) DO NOTHING RETURNING id, status_id
    ), counted AS (
      UPDATE statuses SET favourites_count = favourites_count + 1 WHERE id IN (SELECT status_id FROM inserted) RETURNING *
    ), notified AS (
      INSERT INTO notifications (account_id, from_account_id, type, favourite_id, created_at)
      SELECT t.account_id, p.account_id, 'favourite', i.id, now() AT TIME ZONE 'UTC' FROM inserted i, target t, principal p
      WHERE t.account_id <> p.account_id
        AND NOT EXISTS (SELECT 1 FROM conversation_mutes cm WHERE cm.account_id = t.account_id AND cm.conversation_id = t.conversation_id)
    )`,
  'true',
);

const UNFAVOURITE = favouriteStatement(
  'reference_unfavourite',
  `removed AS (
      DELETE FROM favourites f USING target t, principal p WHERE f.account_id = p.account_id AND f.status_id = t.id RETURNING f.status_id
    ), counted AS (
      UPDATE statuses SET favourites_count = favourites_count - 1 WHERE id IN (SELECT status_id FROM removed) AND favourites_count > 0 RETURNING *
    )`,
  'false',
);

/** Mastodon's JSON of the rows above; `base` is the server's public URL. */
function mapper(base) {
  const localDomain = new URL(base).hostname;
  const image = (key, missing) => (key ? `${base}/system/${key}` : `${base}/${missing}/original/missing.png`);
  const iso = (value) => new Date(value).toISOString();

  /** An account object (the SQL's `account`, dates already as days). */
  function accountJson(a) {
    const json = {
      id: a.id,
      username: a.username,
      acct: a.username,
      display_name: a.display_name,
      locked: a.locked,
      bot: a.bot,
      discoverable: a.discoverable,
      indexable: false,
      group: false,
      created_at: `${a.created_at}T00:00:00.000Z`,
      note: plainTextToHtml(a.note),
      url: `${base}/@${a.username}`,
      uri: `${base}/users/${a.username}`,
      avatar: image(a.avatar_key, 'avatars'),
      avatar_static: image(a.avatar_key, 'avatars'),
      avatar_description: '',
      header: image(a.header_key, 'headers'),
      header_static: image(a.header_key, 'headers'),
      header_description: '',
      followers_count: a.followers_count,
      following_count: a.following_count,
      statuses_count: a.statuses_count,
      last_status_at: a.last_status_at ?? null,
      hide_collections: false,
    };
    if (a.suspended) json.suspended = true;
    json.limited = false;
    json.noindex = false;
    json.emojis = [];
    json.roles = [];
    json.fields = (Array.isArray(a.fields) ? a.fields : []).map((f) => ({ name: f.name, value: f.value, verified_at: f.verifiedAt ? iso(f.verifiedAt) : null }));
    return json;
  }

  function mediaJson(m) {
    const meta = {};
    if (m.meta?.original) meta.original = m.meta.original;
    if (m.meta?.small) meta.small = m.meta.small;
    meta.focus = m.meta?.focus ?? { x: 0, y: 0 };
    return {
      id: m.id,
      type: m.type,
      url: m.ready && m.file_key ? `${base}/system/${m.file_key}` : null,
      preview_url: m.preview_key ? `${base}/system/${m.preview_key}` : null,
      remote_url: null,
      preview_remote_url: null,
      text_url: `${base}/media/${m.shortcode}`,
      meta,
      description: m.description,
      blurhash: m.blurhash,
    };
  }

  function pollJson(p) {
    const showTotals = !p.hide_totals || p.expired;
    return {
      id: p.id,
      expires_at: p.expires_at,
      expired: p.expired,
      multiple: p.multiple,
      votes_count: p.votes_count,
      voters_count: p.voters_count,
      options: p.options.map((title, i) => ({ title, votes_count: showTotals ? (p.tallies?.[i] ?? 0) : null })),
      emojis: [],
      voted: p.own_votes.length > 0 || p.by_viewer,
      own_votes: p.own_votes,
    };
  }

  function cardJson(c) {
    return { ...c, authors: c.author_name ? [{ name: c.author_name, url: c.author_url, account: null }] : [] };
  }

  /** A status as its signed-in viewer sees it (the SQL's `status`). */
  function statusJson(s) {
    const username = s.account.username;
    const boost = s.reblog_of_id !== null;
    const mentions = s.mentions.map((m) => ({ id: m.id, username: m.username, url: `${base}/@${m.username}`, acct: m.username }));
    const json = {
      id: s.id,
      created_at: s.created_at,
      in_reply_to_id: s.in_reply_to_id,
      in_reply_to_account_id: s.in_reply_to_account_id,
      sensitive: s.sensitive,
      spoiler_text: s.spoiler_text,
      visibility: s.visibility,
      language: s.language,
      // A boost's uri and url are its Announce activity.
      uri: `${base}/users/${username}/statuses/${s.id}${boost ? '/activity' : ''}`,
      url: boost ? `${base}/users/${username}/statuses/${s.id}/activity` : `${base}/@${username}/${s.id}`,
      replies_count: s.replies_count,
      reblogs_count: s.reblogs_count,
      favourites_count: s.favourites_count,
      quotes_count: 0,
      edited_at: s.edited_at,
      favourited: s.favourited,
      reblogged: s.reblogged,
      muted: s.muted,
      bookmarked: s.bookmarked,
    };
    if (s.pinned !== null) json.pinned = s.pinned;
    json.content = boost ? '' : plainTextToHtml(s.text, { baseUrl: base, localDomain, mentions: mentions.map((m) => ({ ...m, domain: null })) });
    json.filtered = [];
    json.reblog = s.reblog ? statusJson(s.reblog) : null;
    json.application = s.application;
    json.account = accountJson(s.account);
    json.media_attachments = s.media.map(mediaJson);
    json.mentions = mentions;
    json.tags = s.tags.map((name) => ({ name, url: `${base}/tags/${encodeURIComponent(name)}` }));
    json.emojis = [];
    json.card = s.card ? cardJson(s.card) : null;
    json.poll = s.poll ? pollJson(s.poll) : null;
    return json;
  }

  /** Self-replies move ahead of the other replies, each group keeping its order (as the server sorts descendants). */
  function promoteSelfReplies(statuses) {
    const isSelfReply = (s) => s.in_reply_to_account_id !== null && s.in_reply_to_account_id === s.account_id;
    return [...statuses.filter(isSelfReply), ...statuses.filter((s) => !isSelfReply(s))];
  }

  const GROUPED = new Set(['favourite', 'reblog', 'follow']);
  const WITH_STATUS = new Set(['mention', 'status', 'reblog', 'favourite', 'poll', 'update']);

  function notificationJson(n) {
    const prefix = n.status_id === null ? n.type : `${n.type}-${n.status_id}`;
    const json = {
      id: n.id,
      type: n.type,
      created_at: n.created_at,
      group_key: GROUPED.has(n.type) ? `${prefix}-${n.hour}` : `ungrouped-${n.id}`,
      account: accountJson(n.account),
    };
    if (WITH_STATUS.has(n.type)) json.status = n.status ? statusJson(n.status) : null;
    return json;
  }

  return { accountJson, statusJson, notificationJson, promoteSelfReplies };
}

module.exports = { STATUS, CONTEXT, HOME, NOTIFICATIONS, FAVOURITE, UNFAVOURITE, mapper };
