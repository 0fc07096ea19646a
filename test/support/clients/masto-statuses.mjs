// Runs a statuses scenario with masto.js (npm `masto` 8) against the server and prints what each
// call answered as JSON. A separate Node process because masto is ESM-only. masto 8 declares
// Node >= 22; on Node 20 it runs once Promise.withResolvers and a global WebSocket exist
// (docs/api/client-compatibility.md#client-libraries-in-the-tests), polyfilled here only.
//
//   node masto-statuses.mjs '{"url":"http://...","author":"<token>","reader":"<token>","authorId":"<id>"}'
import { WebSocket } from 'undici';

if (!Promise.withResolvers) {
  Promise.withResolvers = function withResolvers() {
    let resolve;
    let reject;
    const promise = new Promise((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}
globalThis.WebSocket ??= WebSocket;

const { createRestAPIClient } = await import('masto');
const { url, author: authorToken, reader: readerToken, authorId } = JSON.parse(process.argv[2]);
const author = createRestAPIClient({ url, accessToken: authorToken });
const reader = createRestAPIClient({ url, accessToken: readerToken });

/** The first `count` pages of a paginator, following its Link headers. */
async function pages(paginator, count) {
  const result = [];
  for await (const page of paginator) {
    result.push(page);
    if (result.length === count) break;
  }
  return result;
}

const out = {};
try {
  const status = await author.v1.statuses.create({ status: 'Hello from masto.js #MastoJs', visibility: 'public' });
  out.posted = status;
  out.favourited = await reader.v1.statuses.$select(status.id).favourite();
  out.boost = await reader.v1.statuses.$select(status.id).reblog();
  out.bookmarked = await reader.v1.statuses.$select(status.id).bookmark();
  out.pinned = await author.v1.statuses.$select(status.id).pin();
  out.reply = await reader.v1.statuses.create({ status: 'A reply from masto.js', inReplyToId: status.id });
  out.context = await author.v1.statuses.$select(status.id).context.fetch();
  out.replyContext = await reader.v1.statuses.$select(out.reply.id).context.fetch();
  out.homePages = await pages(reader.v1.timelines.home.list({ limit: 2 }), 2);
  out.publicPage = (await pages(reader.v1.timelines.public.list({ local: true, limit: 3 }), 1))[0];
  out.tagPage = (await pages(reader.v1.timelines.tag.$select('mastojs').list(), 1))[0];
  out.bookmarks = (await pages(reader.v1.bookmarks.list(), 1))[0];
  out.favourites = (await pages(reader.v1.favourites.list(), 1))[0];
  out.rebloggedBy = (await pages(author.v1.statuses.$select(status.id).rebloggedBy.list(), 1))[0];
  out.favouritedBy = (await pages(author.v1.statuses.$select(status.id).favouritedBy.list(), 1))[0];
  out.pinnedStatuses = (await pages(reader.v1.accounts.$select(authorId).statuses.list({ pinned: true }), 1))[0];
  out.unreblogged = await reader.v1.statuses.$select(status.id).unreblog();
  process.stdout.write(JSON.stringify({ ok: true, result: out }));
} catch (error) {
  process.stdout.write(
    JSON.stringify({ ok: false, done: Object.keys(out), error: { name: error.name, message: error.message, statusCode: error.statusCode ?? null } }),
  );
}
