// PUT /api/v1/statuses/:id, GET /api/v1/statuses/:id/history and /source, the status.update event and the
// update notification. docs/api/edits.md.
import type { JsonObject, MastodonStatus, TestUser } from '@social/testkit';
import { RECORD_NOT_FOUND, expectError, expectJson } from '../../../support/expectations';
import * as images from '../../../support/images';
import { act, follow } from '../../../support/interactions';
import { uploaded } from '../../../support/media';
import { api, rig } from '../../../support/server';
import { openSse } from '../../../support/sse';

function edit(token: string, id: string, body: unknown) {
  return api.send<MastodonStatus & JsonObject>('PUT', `/api/v1/statuses/${id}`, { token, body: JSON.stringify(body), contentType: 'application/json' });
}

function editForm(token: string, id: string, body: string) {
  return api.send<MastodonStatus & JsonObject>('PUT', `/api/v1/statuses/${id}`, { token, body, contentType: 'application/x-www-form-urlencoded' });
}

async function history(id: string, token?: string): Promise<JsonObject[]> {
  const response = await api.get<JsonObject[]>(`/api/v1/statuses/${id}/history`, { token });
  expectJson(response, 200);
  return response.body;
}

describe('PUT /api/v1/statuses/:id', () => {
  let author: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    [author, other] = await Promise.all([rig.newUser('editauthor'), rig.newUser('editother')]);
  });

  describe('changing text, content warning and sensitive', () => {
    it('answers the edited Status with edited_at, and the history holds the original then the edit', async () => {
      const status = await rig.post(author.token, 'First draft #drafts');
      expect(status.edited_at).toBeNull();

      const response = await edit(author.token, status.id, { status: 'Second draft #final', spoiler_text: 'spoilers', sensitive: false });

      expectJson(response, 200);
      expect(response.body).toMatchObject({ id: status.id, spoiler_text: 'spoilers', sensitive: true, tags: [{ name: 'final' }] });
      expect(response.body.content).toContain('Second draft');
      expect(Date.parse(response.body.edited_at as string)).toBeGreaterThanOrEqual(Date.parse(status.created_at));
      expect((await api.get<JsonObject>(`/api/v1/statuses/${status.id}`)).body.edited_at).toBe(response.body.edited_at);

      const versions = await history(status.id);
      expect(versions).toHaveLength(2);
      expect(versions[0].content).toContain('First draft');
      expect(versions[0]).toMatchObject({ spoiler_text: '', sensitive: false, created_at: status.created_at, media_attachments: [], emojis: [] });
      expect(versions[0]).not.toHaveProperty('poll');
      expect((versions[0].account as JsonObject).id).toBe(author.account.id);
      expect(versions[1]).toMatchObject({ spoiler_text: 'spoilers', sensitive: true, created_at: response.body.edited_at });
      expect(versions[1].content).toContain('Second draft');

      expectJson(await edit(author.token, status.id, { status: 'Third draft' }), 200);
      expect(await history(status.id)).toHaveLength(3);
    });

    it('takes a form body too', async () => {
      const status = await rig.post(author.token, 'form before');
      const response = await editForm(author.token, status.id, 'status=form+after&sensitive=true');
      expectJson(response, 200);
      expect(response.body).toMatchObject({ content: '<p>form after</p>', sensitive: true });
    });

    it('answers 200 with the status as it was and records no version when nothing changes', async () => {
      const status = await rig.post(author.token, 'unchanging');

      const response = await edit(author.token, status.id, { status: 'unchanging' });

      expectJson(response, 200);
      expect(response.body.edited_at).toBeNull();
      expect(await history(status.id)).toHaveLength(1);
    });
  });

  describe('changing language', () => {
    it('sets the new language on the status; a language-only edit is a new version; an invalid code keeps it', async () => {
      const status = await rig.post(author.token, { status: 'Guten Morgen', language: 'en' });
      expect(status.language).toBe('en');

      const response = await edit(author.token, status.id, { status: 'Guten Morgen', language: 'de' });

      expectJson(response, 200);
      expect(response.body.language).toBe('de');
      expect(response.body.edited_at).not.toBeNull();
      expect((await api.get<JsonObject>(`/api/v1/statuses/${status.id}`)).body).toMatchObject({ language: 'de', edited_at: response.body.edited_at });
      // The text is the same: the language alone made the new version (docs/api/edits.md#an-edit-that-changes-nothing).
      expect(await history(status.id)).toHaveLength(2);

      const regional = await edit(author.token, status.id, { status: 'Bonjour', language: 'fr_CA' });
      expectJson(regional, 200);
      expect(regional.body.language).toBe('fr');
      const invalid = await edit(author.token, status.id, { status: 'Bonjour encore', language: 'not a language' });
      expectJson(invalid, 200);
      expect(invalid.body.language).toBe('fr');
      expect(await history(status.id)).toHaveLength(4);
    });
  });

  describe("for another user's status", () => {
    it('answers 404 Record not found and changes nothing', async () => {
      const status = await rig.post(author.token, 'mine alone');
      expectError(await edit(other.token, status.id, { status: 'hijacked' }), 404, RECORD_NOT_FOUND);
      expect((await api.get<JsonObject>(`/api/v1/statuses/${status.id}`)).body.content).toBe('<p>mine alone</p>');
    });
  });

  describe("for the caller's boost", () => {
    it('answers 403 This action is not allowed', async () => {
      const status = await rig.post(other.token, 'boost me');
      const boost = await act(author, status.id, 'reblog');
      expectError(await edit(author.token, boost.id, { status: 'edited boost' }), 403, 'This action is not allowed');
    });
  });

  describe('with media_ids and media_attributes', () => {
    it('reorders, adds and removes attachments and changes a description and focus; the history keeps the old descriptions', async () => {
      const [a, b, c] = (await Promise.all([
        uploaded(api, author.token, { file: await images.png(), fields: { description: 'first' } }),
        uploaded(api, author.token, { file: await images.png(), fields: { description: 'second' } }),
        uploaded(api, author.token, { file: await images.png() }),
      ])) as [JsonObject, JsonObject, JsonObject];
      const posted = await api.postJson<MastodonStatus>('/api/v1/statuses', { status: 'pictures', media_ids: [a.id, b.id] }, { token: author.token });
      expectJson(posted, 200);
      const id = posted.body.id;

      const response = await edit(author.token, id, {
        media_ids: [c.id, a.id],
        media_attributes: [{ id: a.id, description: 'first, described again', focus: '0.5,-0.5' }],
      });

      expectJson(response, 200);
      const media = response.body.media_attachments as JsonObject[];
      expect(media.map((m) => m.id)).toEqual([c.id, a.id]);
      expect(media[1]).toMatchObject({ description: 'first, described again', meta: expect.objectContaining({ focus: { x: 0.5, y: -0.5 } }) });

      const versions = await history(id);
      expect(versions).toHaveLength(2);
      expect((versions[0].media_attachments as JsonObject[]).map((m) => [m.id, m.description])).toEqual([[a.id, 'first'], [b.id, 'second']]);
      expect((versions[1].media_attachments as JsonObject[]).map((m) => [m.id, m.description])).toEqual([[c.id, null], [a.id, 'first, described again']]);

      // The attachment left out is free again: another status may take it.
      expectJson(await api.postJson('/api/v1/statuses', { status: 'reused', media_ids: [b.id] }, { token: author.token }), 200);
    });

    it("refuses another user's media with 422", async () => {
      const status = await rig.post(author.token, 'no foreign media');
      const theirs = await uploaded(api, other.token, { file: await images.png() });
      expectError(await edit(author.token, status.id, { media_ids: [theirs.id] }), 422, `Media ${String(theirs.id)} not found or already attached to another post`);
    });
  });

  describe('with a poll', () => {
    it('resets the votes when the answers change, and keeps them when only hide_totals changes', async () => {
      const posted = await api.postJson<MastodonStatus & JsonObject>(
        '/api/v1/statuses',
        { status: 'Tea or coffee?', poll: { options: ['Tea', 'Coffee'], expires_in: 3600 } },
        { token: author.token },
      );
      expectJson(posted, 200);
      const pollId = (posted.body.poll as JsonObject).id as string;
      expectJson(await api.postJson(`/api/v1/polls/${pollId}/votes`, { choices: [0] }, { token: other.token }), 200);

      const kept = await edit(author.token, posted.body.id, { poll: { options: ['Tea', 'Coffee'], expires_in: 3600, hide_totals: false } });
      expectJson(kept, 200);
      expect(kept.body.poll).toMatchObject({ votes_count: 1, voters_count: 1 });

      const changed = await edit(author.token, posted.body.id, { poll: { options: ['Tea', 'Coffee', 'Water'], expires_in: 3600 } });
      expectJson(changed, 200);
      expect(changed.body.poll).toMatchObject({ votes_count: 0, voters_count: 0, options: [{ title: 'Tea', votes_count: 0 }, { title: 'Coffee', votes_count: 0 }, { title: 'Water', votes_count: 0 }] });

      const versions = await history(posted.body.id);
      expect(versions.map((v) => (v.poll as { options: Array<{ title: string }> }).options.map((o) => o.title))).toEqual([
        ['Tea', 'Coffee'],
        ['Tea', 'Coffee'],
        ['Tea', 'Coffee', 'Water'],
      ]);
    });
  });
});

describe('GET /api/v1/statuses/:id/source', () => {
  it('answers the text and content warning as typed to the author, 404 to others', async () => {
    const [author, other] = await Promise.all([rig.newUser('sourceauthor'), rig.newUser('sourceother')]);
    const status = await rig.post(author.token, { status: 'Tea & <biscuits>', spoiler_text: 'snacks' });

    const response = await api.get(`/api/v1/statuses/${status.id}/source`, { token: author.token });

    expectJson(response, 200);
    expect(response.body).toEqual({ id: status.id, text: 'Tea & <biscuits>', spoiler_text: 'snacks' });
    expectError(await api.get(`/api/v1/statuses/${status.id}/source`, { token: other.token }), 404, RECORD_NOT_FOUND);
  });
});

describe('GET /api/v1/statuses/:id/history of a status never edited', () => {
  it('answers the status itself as its one version', async () => {
    const author = await rig.newUser('historyonce');
    const status = await rig.post(author.token, 'Only once');
    const versions = await history(status.id);
    expect(versions).toEqual([expect.objectContaining({ content: '<p>Only once</p>', created_at: status.created_at, media_attachments: [] })]);
  });
});

describe('editing a status', () => {
  let author: TestUser;
  let booster: TestUser;

  beforeAll(async () => {
    [author, booster] = await Promise.all([rig.newUser('editstreamer'), rig.newUser('editbooster')]);
    await follow(booster, author);
  });

  it('sends status.update with the edited Status on the user streams that carried it', async () => {
    const stream = await openSse('/api/v1/streaming/user', booster.token);
    const status = await rig.post(author.token, 'Before the edit');
    await stream.next('update', (data) => data.includes(status.id));

    expectJson(await edit(author.token, status.id, { status: 'After the edit' }), 200);

    const event = await stream.next('status.update', (data) => data.includes(status.id));
    expect(JSON.parse(event.data)).toMatchObject({ id: status.id, content: '<p>After the edit</p>', edited_at: expect.any(String) });
  });

  it('sends a mention notification to an account the edit mentions for the first time', async () => {
    const status = await rig.post(author.token, 'Nobody mentioned yet');

    expectJson(await edit(author.token, status.id, { status: `Now mentioning @${booster.account.username}` }), 200);

    const response = await api.get<JsonObject[]>('/api/v1/notifications', { token: booster.token, query: { 'types[]': 'mention' } });
    expectJson(response, 200);
    expect(response.body.map((n) => (n.status as JsonObject).id)).toContain(status.id);
  });

  it('notifies the accounts that boosted it with an update notification', async () => {
    const status = await rig.post(author.token, 'Boost then edit');
    await act(booster, status.id, 'reblog');

    expectJson(await edit(author.token, status.id, { status: 'Boosted, then edited' }), 200);

    const response = await api.get<JsonObject[]>('/api/v1/notifications', { token: booster.token, query: { 'types[]': 'update' } });
    expectJson(response, 200);
    expect(response.body).toEqual([
      expect.objectContaining({ type: 'update', account: expect.objectContaining({ id: author.account.id }), status: expect.objectContaining({ id: status.id, content: '<p>Boosted, then edited</p>' }) }),
    ]);
  });
});
