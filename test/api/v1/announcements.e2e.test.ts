// GET /api/v1/announcements, POST /api/v1/announcements/:id/dismiss, PUT and DELETE
// /api/v1/announcements/:id/reactions/:name, the announcement events of the user stream, and managing
// announcements: the admin CLI (`social-admin announcements ...`) and the admins' GraphQL mutations
// (manage_announcements). docs/api/announcements.md. The announcements are made over GraphQL by the target's
// Admin (test/support/staff.ts), so they run on every target, and deleted after (a shared target's other
// suites read the same list); only the admin CLI's own commands need the target's database (single, multi).
import path from 'node:path';
import type { JsonObject, TestUser } from '@social/testkit';
import { runCommand, type Run } from '../../support/commands';
import { DATABASE_URL, describeWithDatabase } from '../../support/database';
import { OUTSIDE_SCOPES, RECORD_NOT_FOUND, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../../support/expectations';
import { codesOf, gql, gqlData } from '../../support/graphql';
import { api, baseUrl, rig } from '../../support/server';
import { staffToken } from '../../support/staff';
import { SseStream, isStatus, whenLive } from '../../support/streaming';

jest.setTimeout(120_000);

const ADMIN_CLI = path.resolve(__dirname, '../../../server/dist/cli/admin.js');
const ADMIN_SCOPES = 'read write admin:read admin:write';

interface Announcement {
  id: string;
  content: string;
  read: boolean;
  reactions: Array<{ name: string; count: number; me: boolean }>;
  [key: string]: unknown;
}

async function announcementsOf(user: TestUser): Promise<Announcement[]> {
  const response = await api.get<Announcement[]>('/api/v1/announcements', { token: user.token });
  expectJson(response, 200);
  return response.body;
}

const react = (user: TestUser, id: string, name: string) => api.send('PUT', `/api/v1/announcements/${id}/reactions/${encodeURIComponent(name)}`, { token: user.token });
const unreact = (user: TestUser, id: string, name: string) => api.delete(`/api/v1/announcements/${id}/reactions/${encodeURIComponent(name)}`, { token: user.token });

describe('GET /api/v1/announcements', () => {
  it('answers a list for a user token', async () => {
    const user = await rig.newUser('annreader');
    expect(Array.isArray(await announcementsOf(user))).toBe(true);
  });

  it('answers 422 for an app token, 401 without a token', async () => {
    const app = await rig.registerApp('read');
    expectError(await api.get('/api/v1/announcements', { token: await rig.appToken(app, 'read') }), 422, USER_REQUIRED);
    expectInvalidToken(await api.get('/api/v1/announcements'));
  });
});

describe('POST /api/v1/announcements/:id/dismiss and PUT /api/v1/announcements/:id/reactions/:name', () => {
  it('answer 404 Record not found for an unknown announcement', async () => {
    const user = await rig.newUser('annunknown');
    expectError(await api.post('/api/v1/announcements/987654321/dismiss', { token: user.token }), 404, RECORD_NOT_FOUND);
    expectError(await react(user, '987654321', '👍'), 404, RECORD_NOT_FOUND);
    expectError(await unreact(user, '987654321', '👍'), 404, RECORD_NOT_FOUND);
  });

  it('answer 403 for a token without write:accounts or write:favourites', async () => {
    const user = await rig.newUser('annscope');
    const app = await rig.registerApp('read');
    const token = await rig.passwordToken(app, user.email, user.password, 'read');
    expectError(await api.post('/api/v1/announcements/1/dismiss', { token }), 403, OUTSIDE_SCOPES);
    expectError(await api.send('PUT', '/api/v1/announcements/1/reactions/x', { token }), 403, OUTSIDE_SCOPES);
  });
});

describe('announcement mutations on /graphql', () => {
  it('refuse a user whose role lacks manage_announcements, even with admin scopes', async () => {
    const user = await rig.newUser('annnobody', ADMIN_SCOPES);
    const create = 'mutation C($input: CreateAnnouncementInput!) { createAnnouncement(input: $input) { announcement { id } errors { code } } }';
    expect(codesOf(await gql(create, { input: { text: 'nope' } }, user.token))).toEqual(['FORBIDDEN']);
    expect(codesOf(await gql('query { adminAnnouncements { id } }', {}, user.token))).toEqual(['FORBIDDEN']);
  });
});

describe("announcements made by the target's Admin", () => {
  const made: string[] = [];
  let token: string;

  /** Creates one over GraphQL as the Admin (published unless told); deleted after the tests. */
  async function created(text: string, fields: { startsAt?: string; endsAt?: string; published?: boolean } = {}): Promise<string> {
    const data = await gqlData<{ createAnnouncement: { announcement: { id: string } | null; errors: unknown[] } }>(
      'mutation C($input: CreateAnnouncementInput!) { createAnnouncement(input: $input) { announcement { id } errors { code message } } }',
      { input: { text, ...fields } },
      token,
    );
    expect(data.createAnnouncement.errors).toEqual([]);
    const id = (data.createAnnouncement.announcement as { id: string }).id;
    made.push(id);
    return id;
  }

  let reader: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    [reader, other] = await Promise.all([rig.newUser('annuser'), rig.newUser('annother')]);
    token = await staffToken('Admin', ADMIN_SCOPES);
  });

  afterAll(async () => {
    const remove = 'mutation D($input: DeleteAnnouncementInput!) { deleteAnnouncement(input: $input) { deletedAnnouncementId errors { code } } }';
    for (const id of made) await gql(remove, { input: { announcementId: id } }, token);
  });

  it('shows a published announcement with its HTML, mentions and tags, unread; not a draft nor an ended one', async () => {
    const id = await created(`Maintenance tonight, ask @${other.username} #Ops`, { startsAt: '2030-01-01T20:00:00Z', endsAt: '2030-01-01T22:00:00Z' });
    const draft = await created('Not yet', { published: false });
    const ended = await created('Long ago', { startsAt: '2020-01-01T00:00:00Z', endsAt: '2020-01-02T00:00:00Z' });

    const list = await announcementsOf(reader);
    const shown = list.find((item) => item.id === id);
    expect(shown).toEqual({
      id,
      content: `<p>Maintenance tonight, ask <span class="h-card" translate="no"><a href="${baseUrl}/@${other.username}" class="u-url mention">@<span>${other.username}</span></a></span> <a href="${baseUrl}/tags/ops" class="mention hashtag" rel="tag">#<span>Ops</span></a></p>`,
      starts_at: '2030-01-01T20:00:00.000Z',
      ends_at: '2030-01-01T22:00:00.000Z',
      all_day: false,
      published_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      read: false,
      mentions: [{ id: other.account.id, username: other.username, url: `${baseUrl}/@${other.username}`, acct: other.username }],
      statuses: [],
      tags: [{ name: 'ops', url: `${baseUrl}/tags/ops` }],
      emojis: [],
      reactions: [],
    });
    expect(list.map((item) => item.id)).not.toContain(draft);
    expect(list.map((item) => item.id)).not.toContain(ended);
    expectError(await api.post(`/api/v1/announcements/${draft}/dismiss`, { token: reader.token }), 404, RECORD_NOT_FOUND);
  });

  it('dismissing marks it read for the user only; again answers {} too', async () => {
    const id = await created('Read me');
    for (let i = 0; i < 2; i++) {
      const response = await api.post(`/api/v1/announcements/${id}/dismiss`, { token: reader.token });
      expectJson(response, 200);
      expect(response.body).toEqual({});
    }
    expect((await announcementsOf(reader)).find((item) => item.id === id)?.read).toBe(true);
    expect((await announcementsOf(other)).find((item) => item.id === id)?.read).toBe(false);
  });

  it('counts reactions per emoji with me for the caller; removing one; refuses what is no emoji', async () => {
    const id = await created('React to me');
    for (const user of [reader, other]) expectJson(await react(user, id, '👍'), 200);
    expectJson(await react(reader, id, '👍'), 200);
    expectJson(await react(other, id, '🎉'), 200);

    expect((await announcementsOf(reader)).find((item) => item.id === id)?.reactions).toEqual([
      { name: '👍', count: 2, me: true },
      { name: '🎉', count: 1, me: false },
    ]);
    const removed = await unreact(reader, id, '👍');
    expectJson(removed, 200);
    expect(removed.body).toEqual({});
    expect((await announcementsOf(reader)).find((item) => item.id === id)?.reactions).toEqual([
      { name: '👍', count: 1, me: false },
      { name: '🎉', count: 1, me: false },
    ]);
    expectError(await unreact(reader, id, '👍'), 404, RECORD_NOT_FOUND);
    expectJson(await react(reader, id, 'not_an_emoji'), 422);
  });

  it('sends announcement, announcement.reaction and announcement.delete on the user stream', async () => {
    const user = await rig.newUser('annstream');
    const stream = await SseStream.open('/api/v1/streaming/user', { token: user.token });
    try {
      await whenLive(async () => (await rig.post(user.token, { status: 'probe', visibility: 'private' })).id, (probe, ms) => stream.next('update', isStatus(probe), ms));
      const id = await created('Streamed news');
      const published = JSON.parse((await stream.next('announcement', (data) => JSON.parse(data).id === id)).data as string) as JsonObject;
      expect(published).toMatchObject({ id, content: '<p>Streamed news</p>', read: false, reactions: [] });

      expectJson(await react(other, id, '👍'), 200);
      const reaction = await stream.next('announcement.reaction');
      expect(JSON.parse(reaction.data as string)).toEqual({ name: '👍', count: 1, announcement_id: id });

      const update = 'mutation U($input: UpdateAnnouncementInput!) { updateAnnouncement(input: $input) { announcement { published } errors { code } } }';
      expect(await gqlData(update, { input: { announcementId: id, published: false } }, token)).toEqual({ updateAnnouncement: { announcement: { published: false }, errors: [] } });
      expect(await stream.next('announcement.delete', (data) => data === id)).toEqual({ event: 'announcement.delete', data: id });
      expect((await announcementsOf(user)).map((item) => item.id)).not.toContain(id);
    } finally {
      stream.close();
    }
  });

  it('lets an admin create, change and delete one over GraphQL', async () => {
    const create = 'mutation C($input: CreateAnnouncementInput!) { createAnnouncement(input: $input) { announcement { id text published allDay } errors { code message } } }';
    const made = await gqlData<{ createAnnouncement: { announcement: { id: string } } }>(create, { input: { text: 'From GraphQL', allDay: true } }, token);
    expect(made.createAnnouncement).toEqual({ announcement: { id: expect.any(String), text: 'From GraphQL', published: true, allDay: true }, errors: [] });
    const id = made.createAnnouncement.announcement.id;
    expect((await announcementsOf(reader)).map((item) => item.id)).toContain(id);

    const blank = await gqlData<{ createAnnouncement: unknown }>(create, { input: { text: '  ' } }, token);
    expect(blank.createAnnouncement).toMatchObject({ announcement: null, errors: [{ code: 'INVALID', message: "Validation failed: Text can't be blank" }] });

    const update = 'mutation U($input: UpdateAnnouncementInput!) { updateAnnouncement(input: $input) { announcement { text published } errors { code } } }';
    expect(await gqlData(update, { input: { announcementId: id, text: 'Changed', published: false } }, token)).toEqual({ updateAnnouncement: { announcement: { text: 'Changed', published: false }, errors: [] } });
    expect((await announcementsOf(reader)).map((item) => item.id)).not.toContain(id);

    const remove = 'mutation D($input: DeleteAnnouncementInput!) { deleteAnnouncement(input: $input) { deletedAnnouncementId errors { code } } }';
    expect(await gqlData(remove, { input: { announcementId: id } }, token)).toEqual({ deleteAnnouncement: { deletedAnnouncementId: id, errors: [] } });
  });
});

describeWithDatabase('the admin CLI (social-admin announcements, against the target\'s database)', () => {
  function admin(...args: string[]): Promise<Run> {
    const env: Record<string, string> = { DATABASE_URL: DATABASE_URL as string, LOG_LEVEL: 'warn', PUBLIC_URL: baseUrl };
    if (process.env.E2E_REDIS_URL) env.REDIS_URL = process.env.E2E_REDIS_URL;
    if (process.env.E2E_REDIS_NAMESPACE) env.REDIS_NAMESPACE = process.env.E2E_REDIS_NAMESPACE;
    return runCommand(process.execPath, [ADMIN_CLI, ...args], env);
  }

  async function created(...args: string[]): Promise<string> {
    const run = await admin('announcements', 'create', ...args);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    const match = /^Created announcement (\d+) \((published|draft)\)\.\n$/.exec(run.stdout);
    if (!match) throw new Error(`unexpected output: ${run.stdout}`);
    return match[1] as string;
  }

  it('publishes one the users see, and unpublishes it', async () => {
    const reader = await rig.newUser('anncli');
    const id = await created('From the CLI');
    expect((await announcementsOf(reader)).map((item) => item.id)).toContain(id);
    expect((await admin('announcements', 'unpublish', id)).stdout).toBe(`Announcement ${id} is unpublished.\n`);
    expect((await announcementsOf(reader)).map((item) => item.id)).not.toContain(id);
    expect((await admin('announcements', 'delete', id)).code).toBe(0);
  });

  it('lists and deletes with the CLI', async () => {
    const id = await created('To be deleted', '--draft');
    const list = await admin('announcements', 'list');
    expect(list.stdout).toMatch(new RegExp(`^${id}  draft  -  To be deleted$`, 'm'));
    expect(await admin('announcements', 'delete', id)).toMatchObject({ code: 0, stdout: `Deleted announcement ${id}.\n` });
    expect((await admin('announcements', 'delete', id)).code).toBe(1);
  });
});
