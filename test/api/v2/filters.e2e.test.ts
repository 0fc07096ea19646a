// Filters, v2 CRUD and what they do to statuses (docs/api/filters.md): /api/v2/filters and its keywords and
// statuses; `filtered` on statuses for the viewer by context; hide filters leave statuses out; expiry;
// whole words; the v1 view; filters_changed on the user stream.
import { eventually, type ApiResponse, type JsonObject, type MastodonStatus, type TestUser } from '@social/testkit';
import { expectError, expectJson, RECORD_NOT_FOUND } from '../../support/expectations';
import { api, rig } from '../../support/server';
import { SseStream, isStatus, whenLive } from '../../support/streaming';

const ID = expect.stringMatching(/^\d+$/);

function put(path: string, body: unknown, token: string): Promise<ApiResponse<JsonObject>> {
  return api.send<JsonObject>('PUT', path, { token, body: JSON.stringify(body), contentType: 'application/json' });
}

async function createFilter(token: string, body: Record<string, unknown>): Promise<JsonObject> {
  const response = await api.postJson<JsonObject>('/api/v2/filters', body, { token });
  expectJson(response, 200);
  return response.body;
}

async function home(token: string): Promise<JsonObject[]> {
  const response = await api.get<JsonObject[]>('/api/v1/timelines/home', { token });
  expectJson(response, 200);
  return response.body;
}

const byId = (statuses: JsonObject[], id: string) => statuses.find((status) => status.id === id);

describe('/api/v2/filters CRUD', () => {
  let user: TestUser;

  beforeAll(async () => {
    user = await rig.newUser('filterer');
  });

  it('creates a filter with keywords, reads, lists, changes and deletes it', async () => {
    const created = await createFilter(user.token, {
      title: 'Spoilers',
      context: ['home', 'public'],
      filter_action: 'hide',
      keywords_attributes: [{ keyword: 'finale', whole_word: true }, { keyword: 'ending' }],
    });
    expect(created).toEqual({
      id: ID,
      title: 'Spoilers',
      context: ['home', 'public'],
      expires_at: null,
      filter_action: 'hide',
      keywords: [{ id: ID, keyword: 'finale', whole_word: true }, { id: ID, keyword: 'ending', whole_word: false }],
      statuses: [],
    });
    const id = created.id as string;
    const [finale, ending] = created.keywords as JsonObject[];

    expect((await api.get(`/api/v2/filters/${id}`, { token: user.token })).body).toEqual(created);
    const list = await api.get<JsonObject[]>('/api/v2/filters', { token: user.token });
    expectJson(list, 200);
    expect(list.body.map((filter) => filter.id)).toContain(id);

    const changed = await put(`/api/v2/filters/${id}`, {
      title: 'Show spoilers',
      filter_action: 'warn',
      keywords_attributes: [{ id: finale.id, keyword: 'Finale' }, { id: ending.id, _destroy: true }, { keyword: 'twist' }],
    }, user.token);
    expectJson(changed, 200);
    expect(changed.body).toMatchObject({
      title: 'Show spoilers',
      context: ['home', 'public'],
      filter_action: 'warn',
      keywords: [{ id: finale.id, keyword: 'Finale', whole_word: true }, { id: ID, keyword: 'twist', whole_word: false }],
    });

    expectJson(await api.delete(`/api/v2/filters/${id}`, { token: user.token }), 200);
    expectError(await api.get(`/api/v2/filters/${id}`, { token: user.token }), 404, RECORD_NOT_FOUND);
  });

  it('manages keywords on their own', async () => {
    const filter = await createFilter(user.token, { title: 'Words', context: ['home'] });
    const added = await api.postForm<JsonObject>(`/api/v2/filters/${filter.id}/keywords`, { keyword: 'tea', whole_word: 'true' }, { token: user.token });
    expectJson(added, 200);
    expect(added.body).toEqual({ id: ID, keyword: 'tea', whole_word: true });
    const keywordId = added.body.id as string;

    expect((await api.get(`/api/v2/filters/${filter.id}/keywords`, { token: user.token })).body).toEqual([added.body]);
    expect((await api.get(`/api/v2/filters/keywords/${keywordId}`, { token: user.token })).body).toEqual(added.body);
    const changed = await put(`/api/v2/filters/keywords/${keywordId}`, { keyword: 'coffee', whole_word: false }, user.token);
    expect(changed.body).toEqual({ id: keywordId, keyword: 'coffee', whole_word: false });
    expectJson(await api.delete(`/api/v2/filters/keywords/${keywordId}`, { token: user.token }), 200);
    expectError(await api.get(`/api/v2/filters/keywords/${keywordId}`, { token: user.token }), 404, RECORD_NOT_FOUND);
  });

  it('refuses a blank title, no context, an unknown context or action with 422', async () => {
    expectError(await api.postJson('/api/v2/filters', { title: ' ', context: ['home'] }, { token: user.token }), 422, "Validation failed: Title can't be blank");
    expectError(await api.postJson('/api/v2/filters', { title: 'x' }, { token: user.token }), 422, "Validation failed: Context can't be blank");
    expectError(await api.postJson('/api/v2/filters', { title: 'x', context: ['everywhere'] }, { token: user.token }), 422, 'Validation failed: Context is invalid');
    expectError(await api.postJson('/api/v2/filters', { title: 'x', context: ['home'], filter_action: 'burn' }, { token: user.token }), 422, 'Validation failed: Filter action is not included in the list');
  });

  it('sets expires_at from expires_in', async () => {
    const before = Date.now();
    const filter = await createFilter(user.token, { title: 'Soon', context: ['home'], expires_in: 3600 });
    const expiresAt = Date.parse(filter.expires_at as string);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 3_599_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3_601_000);
    const cleared = await put(`/api/v2/filters/${filter.id}`, { expires_in: '' }, user.token);
    expect(cleared.body.expires_at).toBeNull();
  });
});

describe('filters on statuses', () => {
  let viewer: TestUser;
  let author: TestUser;

  beforeAll(async () => {
    [viewer, author] = await Promise.all([rig.newUser('filterviewer'), rig.newUser('filterauthor')]);
    expectJson(await api.post(`/api/v1/accounts/${author.account.id}/follow`, { token: viewer.token }), 200);
  });

  it('a warn filter marks a home status filtered with its keyword matches; others see no filter', async () => {
    const filter = await createFilter(viewer.token, { title: 'Tea talk', context: ['home'], keywords_attributes: [{ keyword: 'oolong' }] });
    const status = await rig.post(author.token, { status: 'Some OOLONG this morning' });
    const plain = await rig.post(author.token, { status: 'Nothing to see' });

    const timeline = await home(viewer.token);
    const shown = byId(timeline, status.id);
    expect(shown?.filtered).toEqual([
      { filter: expect.objectContaining({ id: filter.id, title: 'Tea talk', filter_action: 'warn', context: ['home'] }), keyword_matches: ['oolong'], status_matches: null },
    ]);
    expect(byId(timeline, plain.id)?.filtered).toEqual([]);
    // The author's own view carries the author's filters, none.
    expect((await api.get<JsonObject>(`/api/v1/statuses/${status.id}`, { token: author.token })).body.filtered).toEqual([]);
    // Anonymous: no filtered key at all.
    expect((await api.get<JsonObject>(`/api/v1/statuses/${status.id}`)).body).not.toHaveProperty('filtered');
  });

  it('a hide filter removes the status from home but not from where its context does not apply', async () => {
    await createFilter(viewer.token, { title: 'Hidden', context: ['home'], filter_action: 'hide', keywords_attributes: [{ keyword: 'zucchini' }] });
    const status = await rig.post(author.token, { status: 'zucchini bread recipe' });
    const other = await rig.post(author.token, { status: 'bread recipe' });

    const timeline = await home(viewer.token);
    expect(byId(timeline, status.id)).toBeUndefined();
    expect(byId(timeline, other.id)).toBeDefined();
    // The account's statuses are the account context: the home filter does not apply there.
    const account = await api.get<JsonObject[]>(`/api/v1/accounts/${author.account.id}/statuses`, { token: viewer.token });
    expect(byId(account.body, status.id)?.filtered).toEqual([]);
  });

  it("respects 'notifications' against 'home'", async () => {
    await createFilter(viewer.token, { title: 'No pings', context: ['notifications'], filter_action: 'hide', keywords_attributes: [{ keyword: 'kumquat' }] });
    const mention = await rig.post(author.token, { status: `@${viewer.username} kumquat season` });
    const other = await rig.post(author.token, { status: `@${viewer.username} plum season` });

    // In home it is shown, unfiltered by a notifications-only filter.
    expect(byId(await home(viewer.token), mention.id)?.filtered).toEqual([]);
    // In notifications the hide filter leaves it out, the other mention stays.
    const statusIds = await eventually(async () => {
      const notifications = await api.get<JsonObject[]>('/api/v1/notifications', { token: viewer.token });
      const ids = notifications.body.map((n) => (n.status as JsonObject | null)?.id);
      return ids.includes(other.id) ? ids : false;
    }, { timeoutMs: 20_000, intervalMs: 100, what: 'the plum mention notification' });
    expect(statusIds).not.toContain(mention.id);
  });

  it('an expired filter does not apply', async () => {
    const filter = await createFilter(viewer.token, { title: 'Brief', context: ['home'], expires_in: 3600, keywords_attributes: [{ keyword: 'rhubarb' }] });
    const status = await rig.post(author.token, { status: 'rhubarb pie' });
    expect(byId(await home(viewer.token), status.id)?.filtered).toHaveLength(1);
    // Expire it in the past: 1 second, then wait for it to lapse.
    expectJson(await put(`/api/v2/filters/${filter.id}`, { expires_in: 1 }, viewer.token), 200);
    const deadline = Date.now() + 10_000;
    let filtered: unknown;
    do {
      filtered = byId(await home(viewer.token), status.id)?.filtered;
    } while (Array.isArray(filtered) && filtered.length > 0 && Date.now() < deadline);
    expect(filtered).toEqual([]);
  });

  it('whole_word matches whole words only', async () => {
    await createFilter(viewer.token, { title: 'Cats', context: ['home'], keywords_attributes: [{ keyword: 'cat', whole_word: true }] });
    const word = await rig.post(author.token, { status: 'my cat, asleep' });
    const part = await rig.post(author.token, { status: 'a catalogue of things' });
    const timeline = await home(viewer.token);
    expect(byId(timeline, word.id)?.filtered).toEqual([expect.objectContaining({ keyword_matches: ['cat'] })]);
    expect(byId(timeline, part.id)?.filtered).toEqual([]);
  });

  it('matches a content warning and a media-free poll option too', async () => {
    await createFilter(viewer.token, { title: 'Quince', context: ['home'], keywords_attributes: [{ keyword: 'quince' }] });
    const warned = await rig.post(author.token, { status: 'behind the warning', spoiler_text: 'Quince jam' });
    const poll = await rig.post(author.token, { status: 'which jam?', poll: { options: ['quince', 'fig'], expires_in: 3600 } });
    const timeline = await home(viewer.token);
    expect(byId(timeline, warned.id)?.filtered).toEqual([expect.objectContaining({ keyword_matches: ['quince'] })]);
    expect(byId(timeline, poll.id)?.filtered).toEqual([expect.objectContaining({ keyword_matches: ['quince'] })]);
  });

  it('filter_statuses match a status by id, and its boosts', async () => {
    const filter = await createFilter(viewer.token, { title: 'This one', context: ['home', 'thread'] });
    const status = await rig.post(author.token, { status: 'an ordinary post' });
    const added = await api.postForm<JsonObject>(`/api/v2/filters/${filter.id}/statuses`, { status_id: status.id }, { token: viewer.token });
    expectJson(added, 200);
    expect(added.body).toEqual({ id: ID, status_id: status.id });
    expect((await api.get(`/api/v2/filters/${filter.id}/statuses`, { token: viewer.token })).body).toEqual([added.body]);
    expect((await api.get(`/api/v2/filters/statuses/${added.body.id}`, { token: viewer.token })).body).toEqual(added.body);

    const boost = await api.post<MastodonStatus>(`/api/v1/statuses/${status.id}/reblog`, { token: author.token });
    const timeline = await home(viewer.token);
    expect(byId(timeline, status.id)?.filtered).toEqual([expect.objectContaining({ keyword_matches: null, status_matches: [status.id] })]);
    expect(byId(timeline, boost.body.id)?.filtered).toEqual([expect.objectContaining({ status_matches: [status.id] })]);

    expectJson(await api.delete(`/api/v2/filters/statuses/${added.body.id}`, { token: viewer.token }), 200);
    expect(byId(await home(viewer.token), status.id)?.filtered).toEqual([]);
  });

  it('answers 404 for filtering a status the viewer cannot see', async () => {
    const filter = await createFilter(viewer.token, { title: 'Nope', context: ['home'] });
    const direct = await rig.post(author.token, { status: 'only me', visibility: 'direct' });
    expectError(await api.postForm(`/api/v2/filters/${filter.id}/statuses`, { status_id: direct.id }, { token: viewer.token }), 404, RECORD_NOT_FOUND);
  });
});

describe('/api/v1/filters', () => {
  let user: TestUser;

  beforeAll(async () => {
    user = await rig.newUser('v1filterer');
  });

  it('creates, reads, changes and deletes a v1 filter as one keyword of a v2 filter', async () => {
    const created = await api.postForm<JsonObject>('/api/v1/filters', { phrase: 'durian', context: ['home', 'thread'], irreversible: 'true' }, { token: user.token });
    expectJson(created, 200);
    expect(created.body).toEqual({ id: ID, phrase: 'durian', context: ['home', 'thread'], whole_word: true, expires_at: null, irreversible: true });
    const id = created.body.id as string;

    const v2 = await api.get<JsonObject[]>('/api/v2/filters', { token: user.token });
    expect(v2.body).toEqual([expect.objectContaining({ title: 'durian', filter_action: 'hide', keywords: [{ id, keyword: 'durian', whole_word: true }] })]);
    expect((await api.get<JsonObject[]>('/api/v1/filters', { token: user.token })).body).toEqual([created.body]);
    expect((await api.get(`/api/v1/filters/${id}`, { token: user.token })).body).toEqual(created.body);

    const changed = await put(`/api/v1/filters/${id}`, { phrase: 'jackfruit', irreversible: false, whole_word: false, context: ['public'] }, user.token);
    expectJson(changed, 200);
    expect(changed.body).toEqual({ id, phrase: 'jackfruit', context: ['public'], whole_word: false, expires_at: null, irreversible: false });

    expectJson(await api.delete(`/api/v1/filters/${id}`, { token: user.token }), 200);
    expectError(await api.get(`/api/v1/filters/${id}`, { token: user.token }), 404, RECORD_NOT_FOUND);
    expect((await api.get<JsonObject[]>('/api/v2/filters', { token: user.token })).body).toEqual([]);
  });
});

describe('filters_changed on the user stream', () => {
  it('arrives when the user creates, changes or deletes a filter', async () => {
    const user = await rig.newUser('filterstream');
    const stream = await SseStream.open('/api/v1/streaming/user', { token: user.token });
    try {
      await whenLive(async () => (await rig.post(user.token, { status: 'probe', visibility: 'private' })).id, (id, ms) => stream.next('update', isStatus(id), ms));
      const filter = await createFilter(user.token, { title: 'Streamed', context: ['home'] });
      expect(await stream.next('filters_changed')).toEqual({ event: 'filters_changed', data: 'undefined' });
      expectJson(await put(`/api/v2/filters/${filter.id}`, { title: 'Renamed' }, user.token), 200);
      await stream.next('filters_changed');
      expectJson(await api.delete(`/api/v2/filters/${filter.id}`, { token: user.token }), 200);
      await stream.next('filters_changed');
    } finally {
      stream.close();
    }
  });
});

describe('filtered on the user stream', () => {
  it("carries each subscriber's own filter results, and leaves out what a home hide filter matches", async () => {
    const [author, filtering, plain] = await Promise.all([rig.newUser('streamauthor'), rig.newUser('streamfilter'), rig.newUser('streamplain')]);
    for (const viewer of [filtering, plain]) expectJson(await api.post(`/api/v1/accounts/${author.account.id}/follow`, { token: viewer.token }), 200);
    const warn = await createFilter(filtering.token, { title: 'Figs', context: ['home'], keywords_attributes: [{ keyword: 'fig' }] });
    await createFilter(filtering.token, { title: 'No dates', context: ['home'], filter_action: 'hide', keywords_attributes: [{ keyword: 'dates' }] });
    const [filteringStream, plainStream] = await Promise.all([
      SseStream.open('/api/v1/streaming/user', { token: filtering.token }),
      SseStream.open('/api/v1/streaming/user', { token: plain.token }),
    ]);
    try {
      for (const stream of [filteringStream, plainStream]) {
        await whenLive(async () => (await rig.post(author.token, { status: 'probe' })).id, (id, ms) => stream.next('update', isStatus(id), ms));
      }
      const hidden = await rig.post(author.token, { status: 'dates and more dates' });
      const fig = await rig.post(author.token, { status: 'a fig tree' });

      const seen = await filteringStream.update(fig.id);
      expect(seen.filtered).toEqual([expect.objectContaining({ filter: expect.objectContaining({ id: warn.id }), keyword_matches: ['fig'] })]);
      expect((await plainStream.update(fig.id)).filtered).toEqual([]);
      expect((await plainStream.update(hidden.id)).filtered).toEqual([]);
      // The hidden status was streamed before the fig one: had it reached the filtering subscriber, it would be there by now.
      expect(filteringStream.events.items.some((event) => event.event === 'update' && isStatus(hidden.id)(event.data))).toBe(false);
    } finally {
      filteringStream.close();
      plainStream.close();
    }
  });
});

describe('filtered on the public stream', () => {
  it("carries a signed-in subscriber's public filter results, and leaves out what a public hide filter matches", async () => {
    const [author, subscriber] = await Promise.all([rig.newUser('pubstreamauthor'), rig.newUser('pubstreamfilter')]);
    const warn = await createFilter(subscriber.token, { title: 'Lychee', context: ['public'], keywords_attributes: [{ keyword: 'lychee' }] });
    await createFilter(subscriber.token, { title: 'No guava', context: ['public'], filter_action: 'hide', keywords_attributes: [{ keyword: 'guava' }] });
    const stream = await SseStream.open('/api/v1/streaming/public', { token: subscriber.token });
    try {
      await whenLive(async () => (await rig.post(author.token, { status: 'public probe' })).id, (id, ms) => stream.next('update', isStatus(id), ms));
      const hidden = await rig.post(author.token, { status: 'guava juice' });
      const lychee = await rig.post(author.token, { status: 'lychee season' });

      const seen = await stream.update(lychee.id);
      expect(seen.filtered).toEqual([expect.objectContaining({ filter: expect.objectContaining({ id: warn.id }), keyword_matches: ['lychee'] })]);
      expect(stream.events.items.some((event) => event.event === 'update' && isStatus(hidden.id)(event.data))).toBe(false);
    } finally {
      stream.close();
    }
  });
});
