// POST /api/v1/statuses with scheduled_at, GET /api/v1/scheduled_statuses, GET/PUT/DELETE /api/v1/scheduled_statuses/:id.
// docs/api/scheduled-statuses.md. Publication itself needs the database (to bring a time forward): not on embedded.
import type { JsonObject, TestUser } from '@social/testkit';
import { ID, RECORD_NOT_FOUND, expectError, expectJson } from '../../../support/expectations';
import * as images from '../../../support/images';
import { uploaded } from '../../../support/media';
import { bringForward, minutesAhead, statusesWithText, waitForPublication } from '../../../support/scheduled';
import { api, rig } from '../../../support/server';
import { connectDatabase, describeWithDatabase } from '../../../support/database';

const TOO_SOON = 'Validation failed: Scheduled at date must be in the future';

jest.setTimeout(120_000);

function applicationId(user: TestUser): number | string {
  const value = Number(user.app.id);
  return Number.isSafeInteger(value) ? value : user.app.id;
}

function expectedScheduled(user: TestUser, scheduledAt: string, params: Record<string, unknown> = {}, media: unknown[] = []): Record<string, unknown> {
  return {
    id: expect.stringMatching(ID),
    scheduled_at: scheduledAt,
    params: {
      text: null, poll: null, media_ids: null, sensitive: null, spoiler_text: null, visibility: null, language: null,
      scheduled_at: null, idempotency: null, with_rate_limit: false, in_reply_to_id: null, application_id: applicationId(user),
      ...params,
    },
    media_attachments: media,
  };
}

async function schedule(user: TestUser, fields: Record<string, unknown>, headers: Record<string, string> = {}) {
  return api.postJson<JsonObject>('/api/v1/statuses', fields, { token: user.token, headers });
}

async function scheduled(user: TestUser, text: string, minutes = 10): Promise<JsonObject> {
  const response = await schedule(user, { status: text, scheduled_at: minutesAhead(minutes) });
  expectJson(response, 200);
  return response.body;
}

describe('POST /api/v1/statuses with scheduled_at', () => {
  let author: TestUser;

  beforeAll(async () => {
    author = await rig.newUser('schedauthor');
  });

  describe('more than 5 minutes ahead', () => {
    it('answers 200 with the ScheduledStatus and publishes nothing yet', async () => {
      const at = minutesAhead(30);
      const response = await schedule(author, { status: 'Later, world', scheduled_at: at, visibility: 'unlisted', spoiler_text: 'soon', sensitive: true, language: 'en' });

      expectJson(response, 200);
      expect(response.body).toEqual(
        expectedScheduled(author, at, { text: 'Later, world', visibility: 'unlisted', spoiler_text: 'soon', sensitive: true, language: 'en' }),
      );
      expect(await statusesWithText(api, author.account.id, author.token, 'Later, world')).toEqual([]);
    });

    it('keeps the poll and holds the media, in order', async () => {
      const [first, second] = await Promise.all([uploaded(api, author.token, { file: await images.png() }), uploaded(api, author.token, { file: await images.jpeg(600, 400) })]);
      const at = minutesAhead(20);
      const response = await schedule(author, { status: 'with media', scheduled_at: at, media_ids: [second?.id, first?.id] });

      expectJson(response, 200);
      expect(response.body).toEqual(expectedScheduled(author, at, { text: 'with media', media_ids: [second?.id, first?.id] }, [second, first]));

      const poll = await schedule(author, { status: 'which?', scheduled_at: at, poll: { options: ['tea', 'coffee'], expires_in: 3600, multiple: true } });
      expectJson(poll, 200);
      expect((poll.body.params as JsonObject).poll).toEqual({ options: ['tea', 'coffee'], expires_in: 3600, multiple: true, hide_totals: null });
    });

    it('answers the same ScheduledStatus for a repeated Idempotency-Key', async () => {
      const fields = { status: 'only once', scheduled_at: minutesAhead(15) };
      const first = await schedule(author, fields, { 'idempotency-key': 'sched-key-1' });
      const second = await schedule(author, fields, { 'idempotency-key': 'sched-key-1' });

      expectJson(second, 200);
      expect(second.body).toEqual(first.body);
    });
  });

  describe('5 minutes ahead or less', () => {
    it('answers 422 Validation failed: Scheduled at date must be in the future', async () => {
      expectError(await schedule(author, { status: 'too soon', scheduled_at: minutesAhead(4) }), 422, TOO_SOON);
    });
  });

  describe('at a time already past', () => {
    it('publishes at once and answers the Status', async () => {
      const response = await schedule(author, { status: 'right now', scheduled_at: '2020-01-01T00:00:00Z' });

      expectJson(response, 200);
      expect(response.body).toMatchObject({ id: expect.stringMatching(ID), content: '<p>right now</p>', account: { id: author.account.id } });
    });
  });

  describe('with an unreadable time', () => {
    it('answers 422 Record invalid', async () => {
      expectError(await schedule(author, { status: 'when?', scheduled_at: 'next tuesday-ish' }), 422, 'Record invalid');
    });
  });

  describe('with an invalid status', () => {
    it("answers 422 Record invalid, Mastodon's bare message for scheduled posts", async () => {
      expectError(await schedule(author, { status: 'x'.repeat(501), scheduled_at: minutesAhead(10) }), 422, 'Record invalid');
    });

    it('answers 404 for a reply to a status the author cannot see', async () => {
      const response = await schedule(author, { status: 'reply', in_reply_to_id: '1', scheduled_at: minutesAhead(10) });
      expectError(response, 404, 'The post you are trying to reply to does not appear to exist.');
    });
  });

  describe('past 25 scheduled statuses on one day', () => {
    it('answers 422 You have exceeded the limit of 25 scheduled posts for today', async () => {
      const busy = await rig.newUser('schedbusy');
      const day = new Date(Date.now() + 3 * 24 * 3600_000).toISOString().slice(0, 10);
      for (let i = 0; i < 25; i += 1) {
        expectJson(await schedule(busy, { status: `post ${i}`, scheduled_at: `${day}T10:${String(i).padStart(2, '0')}:00.000Z` }), 200);
      }

      const response = await schedule(busy, { status: 'one more', scheduled_at: `${day}T23:00:00.000Z` });

      expectError(response, 422, 'Validation failed: You have exceeded the limit of 25 scheduled posts for today');
      expectJson(await schedule(busy, { status: 'next day is fine', scheduled_at: minutesAhead(5 * 24 * 60) }), 200);
    });
  });

  describe('with media already held by another scheduled status', () => {
    it('answers 422 until that one is deleted', async () => {
      const media = await uploaded(api, author.token, { file: await images.png() });
      const holder = await schedule(author, { status: 'holder', media_ids: [media.id], scheduled_at: minutesAhead(10) });
      expectJson(holder, 200);

      expectError(await api.postJson('/api/v1/statuses', { status: 'steal', media_ids: [media.id] }, { token: author.token }), 422, `Media ${media.id} not found or already attached to another post`);
      expectJson(await api.delete(`/api/v1/scheduled_statuses/${holder.body.id}`, { token: author.token }), 200);
      expectJson(await api.postJson('/api/v1/statuses', { status: 'free again', media_ids: [media.id] }, { token: author.token }), 200);
    });
  });
});

describe('GET /api/v1/scheduled_statuses', () => {
  it("answers the caller's pending ones, newest first, with Link pagination", async () => {
    const user = await rig.newUser('schedlist');
    const made = [];
    for (const text of ['one', 'two', 'three']) made.push(await scheduled(user, text));

    const page = await api.get<JsonObject[]>('/api/v1/scheduled_statuses', { token: user.token, query: { limit: 2 } });

    expectJson(page, 200);
    expect(page.body.map((item) => item.id)).toEqual([made[2]?.id, made[1]?.id]);
    expect(page.body[0]).toEqual(made[2]);
    const base = `${api.baseUrl}/api/v1/scheduled_statuses`;
    expect(page.headers.link).toBe(`<${base}?limit=2&max_id=${made[1]?.id}>; rel="next", <${base}?limit=2&min_id=${made[2]?.id}>; rel="prev"`);
    const next = await api.get<JsonObject[]>('/api/v1/scheduled_statuses', { token: user.token, query: { limit: 2, max_id: made[1]?.id as string } });
    expect(next.body.map((item) => item.id)).toEqual([made[0]?.id]);
    expect(next.headers.link).toBe(`<${base}?limit=2&min_id=${made[0]?.id}>; rel="prev"`);
  });

  it("shows no other user's scheduled statuses", async () => {
    const [owner, other] = await Promise.all([rig.newUser('schedowner'), rig.newUser('schedother')]);
    await scheduled(owner, 'mine only');

    const response = await api.get('/api/v1/scheduled_statuses', { token: other.token });

    expectJson(response, 200);
    expect(response.body).toEqual([]);
    expect(response.headers.link).toBeUndefined();
  });
});

describe('GET, PUT, DELETE /api/v1/scheduled_statuses/:id', () => {
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    [owner, other] = await Promise.all([rig.newUser('schedid'), rig.newUser('schedintruder')]);
  });

  it('GET answers the ScheduledStatus to its author', async () => {
    const made = await scheduled(owner, 'read me');
    const response = await api.get(`/api/v1/scheduled_statuses/${made.id}`, { token: owner.token });
    expectJson(response, 200);
    expect(response.body).toEqual(made);
  });

  it('PUT moves scheduled_at and nothing else', async () => {
    const made = await scheduled(owner, 'move me');
    const at = minutesAhead(90);

    const response = await api.send('PUT', `/api/v1/scheduled_statuses/${made.id}`, { token: owner.token, body: JSON.stringify({ scheduled_at: at, status: 'ignored' }), contentType: 'application/json' });

    expectJson(response, 200);
    expect(response.body).toEqual({ ...made, scheduled_at: at });
    expect((await api.get(`/api/v1/scheduled_statuses/${made.id}`, { token: owner.token })).body).toEqual({ ...made, scheduled_at: at });
  });

  it('PUT answers 422 for a time 5 minutes ahead or less, and Record invalid for an unreadable one', async () => {
    const made = await scheduled(owner, 'stay put');
    const put = (value: string) => api.send('PUT', `/api/v1/scheduled_statuses/${made.id}`, { token: owner.token, body: JSON.stringify({ scheduled_at: value }), contentType: 'application/json' });

    expectError(await put(minutesAhead(2)), 422, TOO_SOON);
    expectError(await put('whenever'), 422, 'Record invalid');
    expect((await api.get(`/api/v1/scheduled_statuses/${made.id}`, { token: owner.token })).body).toEqual(made);
  });

  it('DELETE answers {} and later reads 404', async () => {
    const made = await scheduled(owner, 'cancel me');

    const response = await api.delete(`/api/v1/scheduled_statuses/${made.id}`, { token: owner.token });

    expectJson(response, 200);
    expect(response.body).toEqual({});
    expectError(await api.get(`/api/v1/scheduled_statuses/${made.id}`, { token: owner.token }), 404, RECORD_NOT_FOUND);
    expectError(await api.delete(`/api/v1/scheduled_statuses/${made.id}`, { token: owner.token }), 404, RECORD_NOT_FOUND);
  });

  describe("for another user's scheduled status", () => {
    it('answers 404 Record not found to GET, PUT and DELETE, and changes nothing', async () => {
      const made = await scheduled(owner, 'not yours');
      const path = `/api/v1/scheduled_statuses/${made.id}`;

      expectError(await api.get(path, { token: other.token }), 404, RECORD_NOT_FOUND);
      expectError(await api.send('PUT', path, { token: other.token, body: JSON.stringify({ scheduled_at: minutesAhead(60) }), contentType: 'application/json' }), 404, RECORD_NOT_FOUND);
      expectError(await api.delete(path, { token: other.token }), 404, RECORD_NOT_FOUND);
      expect((await api.get(path, { token: owner.token })).body).toEqual(made);
    });
  });

  it.each(['0', '99999999999', 'abc'])('answers 404 Record not found for id %s', async (id) => {
    expectError(await api.get(`/api/v1/scheduled_statuses/${id}`, { token: owner.token }), 404, RECORD_NOT_FOUND);
  });
});

describeWithDatabase('a scheduled status whose time comes', () => {
  const sql = connectDatabase();

  it('is published once, with its parameters and media, and leaves the scheduled list', async () => {
    const author = await rig.newUser('schedpub');
    const media = await uploaded(api, author.token, { file: await images.png() });
    const made = await schedule(author, { status: 'Published on time', scheduled_at: minutesAhead(10), visibility: 'unlisted', spoiler_text: 'cw', media_ids: [media.id] });
    expectJson(made, 200);
    const id = made.body.id as string;

    await bringForward(sql, [id]);
    const published = await waitForPublication(sql, [id]);

    const statuses = await statusesWithText(api, author.account.id, author.token, 'Published on time');
    expect(statuses).toHaveLength(1);
    expect(statuses[0]).toMatchObject({
      id: published.get(id),
      visibility: 'unlisted',
      spoiler_text: 'cw',
      sensitive: true,
      media_attachments: [{ id: media.id }],
      application: { name: expect.any(String) },
    });
    expectError(await api.get(`/api/v1/scheduled_statuses/${id}`, { token: author.token }), 404, RECORD_NOT_FOUND);
    expect((await api.get<JsonObject[]>('/api/v1/scheduled_statuses', { token: author.token })).body).toEqual([]);
  });

  it('answers 422 You have exceeded the limit of 300 scheduled posts past 300 pending', async () => {
    const hoarder = await rig.newUser('schedhoard');
    await sql.query(
      `INSERT INTO scheduled_statuses (account_id, scheduled_at, params) SELECT $1, now() + (i || ' days')::interval, '{}'::jsonb FROM generate_series(1, 300) AS i`,
      [hoarder.account.id],
    );

    expectError(await schedule(hoarder, { status: 'too many', scheduled_at: minutesAhead(400 * 24 * 60) }), 422, 'Validation failed: You have exceeded the limit of 300 scheduled posts');
  });
});
