// masto.js (npm `masto` 8), a real client library, posting, favouriting, boosting, bookmarking, pinning,
// fetching a thread and reading timelines (following their Link headers). docs/api/client-compatibility.md.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestUser } from '@social/testkit';
import { follow } from '../../../support/interactions';
import { baseUrl, rig } from '../../../support/server';

const run = promisify(execFile);
const SCRIPT = path.join(__dirname, '../../../support/clients/masto-statuses.mjs');

interface MastoStatus {
  id: string;
  content: string;
  favourited?: boolean;
  reblogged?: boolean;
  bookmarked?: boolean;
  pinned?: boolean;
  favouritesCount: number;
  reblogsCount: number;
  inReplyToId: string | null;
  reblog: MastoStatus | null;
  account: { id: string; username: string };
}

interface Scenario {
  posted: MastoStatus;
  favourited: MastoStatus;
  boost: MastoStatus;
  bookmarked: MastoStatus;
  pinned: MastoStatus;
  reply: MastoStatus;
  context: { ancestors: MastoStatus[]; descendants: MastoStatus[] };
  replyContext: { ancestors: MastoStatus[]; descendants: MastoStatus[] };
  homePages: MastoStatus[][];
  publicPage: MastoStatus[];
  tagPage: MastoStatus[];
  bookmarks: MastoStatus[];
  favourites: MastoStatus[];
  rebloggedBy: Array<{ id: string }>;
  favouritedBy: Array<{ id: string }>;
  pinnedStatuses: MastoStatus[];
  unreblogged: MastoStatus;
}

describe('masto.js statuses and timelines', () => {
  let author: TestUser;
  let reader: TestUser;
  let scenario: Scenario;

  beforeAll(async () => {
    [author, reader] = await Promise.all([rig.newUser('mastoauthor'), rig.newUser('mastoreader')]);
    await follow(reader, author);
    await rig.post(author.token, 'An older post, for the second home page');
    const input = { url: baseUrl, author: author.token, reader: reader.token, authorId: author.account.id };
    const { stdout } = await run(process.execPath, [SCRIPT, JSON.stringify(input)], { timeout: 30_000 });
    const outcome = JSON.parse(stdout) as { ok: boolean; result: Scenario; error?: unknown; done?: string[] };
    if (!outcome.ok) throw new Error(`masto.js failed after ${JSON.stringify(outcome.done)}: ${JSON.stringify(outcome.error)}`);
    scenario = outcome.result;
  }, 60_000);

  it('posts a status and reads back its HTML with the hashtag linked', () => {
    expect(scenario.posted).toMatchObject({ account: { id: author.account.id }, favouritesCount: 0 });
    expect(scenario.posted.content).toContain('class="mention hashtag"');
  });

  it('favourites it', () => {
    expect(scenario.favourited).toMatchObject({ id: scenario.posted.id, favourited: true, favouritesCount: 1 });
  });

  it('boosts it and gets the boost wrapping it', () => {
    expect(scenario.boost).toMatchObject({ account: { id: reader.account.id }, reblog: { id: scenario.posted.id, reblogged: true, reblogsCount: 1 } });
  });

  it('bookmarks it', () => {
    expect(scenario.bookmarked).toMatchObject({ id: scenario.posted.id, bookmarked: true });
  });

  it('pins it as its author', () => {
    expect(scenario.pinned).toMatchObject({ id: scenario.posted.id, pinned: true });
  });

  it('fetches the context from both ends of the thread', () => {
    expect(scenario.context.ancestors).toEqual([]);
    expect(scenario.context.descendants.map((s) => s.id)).toEqual([scenario.reply.id]);
    expect(scenario.replyContext.ancestors.map((s) => s.id)).toEqual([scenario.posted.id]);
  });

  it('reads the home timeline over two pages through the Link header', () => {
    const [first, second] = scenario.homePages;
    expect(first!.map((s) => s.id)).toEqual([scenario.reply.id, scenario.boost.id]);
    expect(second!.map((s) => s.id)).toEqual([scenario.posted.id, expect.any(String)]);
  });

  it('reads the local public and the hashtag timelines', () => {
    expect(scenario.publicPage.map((s) => s.id)).toContain(scenario.posted.id);
    expect(scenario.tagPage.map((s) => s.id)).toEqual([scenario.posted.id]);
  });

  it('lists the bookmarks, favourites, boosters and favouriters', () => {
    expect(scenario.bookmarks.map((s) => s.id)).toEqual([scenario.posted.id]);
    expect(scenario.favourites.map((s) => s.id)).toEqual([scenario.posted.id]);
    expect(scenario.rebloggedBy.map((a) => a.id)).toEqual([reader.account.id]);
    expect(scenario.favouritedBy.map((a) => a.id)).toEqual([reader.account.id]);
  });

  it("reads the author's pinned statuses", () => {
    expect(scenario.pinnedStatuses.map((s) => s.id)).toEqual([scenario.posted.id]);
  });

  it('undoes the boost', () => {
    expect(scenario.unreblogged).toMatchObject({ id: scenario.posted.id, reblogged: false, reblogsCount: 0 });
  });
});
