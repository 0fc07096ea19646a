// Filters in each place a status is shown (docs/api/filters.md#contexts, #where-they-apply): the public and
// hashtag timelines use `public`, list timelines `home`, a status's context `thread`, grouped notifications
// `notifications`. In each place: a warn filter of that context marks the status `filtered`, a blur filter
// too (with its action, the status stays), a hide filter leaves it out (grouped notifications keep the group
// and report the hide match), a filter of the other contexts only does not apply. filters.e2e.test.ts covers home, v1 notifications and the streams.
import { eventually, type JsonObject, type TestUser } from '@social/testkit';
import { expectJson } from '../../support/expectations';
import { follow } from '../../support/interactions';
import { api, rig } from '../../support/server';

const CONTEXTS = ['home', 'notifications', 'public', 'thread', 'account'];

async function createFilter(token: string, body: Record<string, unknown>): Promise<JsonObject> {
  const response = await api.postJson<JsonObject>('/api/v2/filters', body, { token });
  expectJson(response, 200);
  return response.body;
}

async function read(path: string, token: string): Promise<JsonObject[]> {
  const response = await api.get<JsonObject[]>(path, { token });
  expectJson(response, 200);
  return response.body;
}

/** One place statuses are shown: how the author puts a status there, and how the viewer reads that place. */
interface Place {
  context: string;
  /** Whether a hide match is left out there (grouped notifications keep the group and report the match). */
  hides: boolean;
  setUp(viewer: TestUser, author: TestUser): Promise<{ post(text: string): Promise<string>; read(): Promise<JsonObject[]> }>;
}

const PLACES: Record<string, Place> = {
  'the public timeline (GET /api/v1/timelines/public)': {
    context: 'public',
    hides: true,
    async setUp(viewer, author) {
      // Other suites post too: read the statuses right after a start mark of this suite's own.
      const start = (await rig.post(author.token, { status: 'start mark', visibility: 'unlisted' })).id;
      return {
        post: async (text) => (await rig.post(author.token, text)).id,
        read: () => read(`/api/v1/timelines/public?local=true&limit=40&min_id=${start}`, viewer.token),
      };
    },
  },
  'the hashtag timeline (GET /api/v1/timelines/tag/:hashtag)': {
    context: 'public',
    hides: true,
    async setUp(viewer, author) {
      const tag = `fctx${Date.now().toString(36)}`;
      return {
        post: async (text) => (await rig.post(author.token, `${text} #${tag}`)).id,
        read: () => read(`/api/v1/timelines/tag/${tag}?limit=40`, viewer.token),
      };
    },
  },
  'a list timeline (GET /api/v1/timelines/list/:id)': {
    context: 'home',
    hides: true,
    async setUp(viewer, author) {
      await follow(viewer, author);
      const list = await api.postForm<JsonObject>('/api/v1/lists', { title: 'Filtered list' }, { token: viewer.token });
      expectJson(list, 200);
      expectJson(await api.postForm(`/api/v1/lists/${list.body.id}/accounts`, { account_ids: [author.account.id] }, { token: viewer.token }), 200);
      return {
        post: async (text) => (await rig.post(author.token, text)).id,
        read: () => read(`/api/v1/timelines/list/${list.body.id}?limit=40`, viewer.token),
      };
    },
  },
  "a status's context (GET /api/v1/statuses/:id/context)": {
    context: 'thread',
    hides: true,
    async setUp(viewer, author) {
      const root = await rig.post(author.token, 'the root of a thread');
      return {
        post: async (text) => (await rig.post(author.token, { status: text, in_reply_to_id: root.id })).id,
        read: async () => {
          const response = await api.get<{ ancestors: JsonObject[]; descendants: JsonObject[] }>(`/api/v1/statuses/${root.id}/context`, { token: viewer.token });
          expectJson(response, 200);
          return response.body.descendants;
        },
      };
    },
  },
  'grouped notifications (GET /api/v2/notifications)': {
    context: 'notifications',
    hides: false,
    async setUp(viewer, author) {
      return {
        post: async (text) => (await rig.post(author.token, `@${viewer.username} ${text}`)).id,
        read: async () => {
          const response = await api.get<{ statuses: JsonObject[] }>('/api/v2/notifications?types[]=mention&limit=40', { token: viewer.token });
          expectJson(response, 200);
          return response.body.statuses;
        },
      };
    },
  },
};

describe.each(Object.entries(PLACES))('filters in %s', (_name, place) => {
  let statuses: JsonObject[];
  let ids: Record<'warned' | 'blurred' | 'hidden' | 'elsewhere' | 'plain', string>;
  let warn: JsonObject;
  let blur: JsonObject;

  beforeAll(async () => {
    const [viewer, author] = await Promise.all([rig.newUser('fctxviewer'), rig.newUser('fctxauthor')]);
    const where = await place.setUp(viewer, author);
    warn = await createFilter(viewer.token, { title: 'Apricots', context: [place.context], keywords_attributes: [{ keyword: 'apricot' }] });
    blur = await createFilter(viewer.token, { title: 'Bilberries', context: [place.context], filter_action: 'blur', keywords_attributes: [{ keyword: 'bilberry' }] });
    await createFilter(viewer.token, { title: 'Cloudberries', context: [place.context], filter_action: 'hide', keywords_attributes: [{ keyword: 'cloudberry' }] });
    // Every other context, with every action: none applies here.
    const others = CONTEXTS.filter((context) => context !== place.context);
    await createFilter(viewer.token, { title: 'Damsons warned', context: others, keywords_attributes: [{ keyword: 'damson' }] });
    await createFilter(viewer.token, { title: 'Damsons hidden', context: others, filter_action: 'hide', keywords_attributes: [{ keyword: 'damson' }] });

    ids = {
      warned: await where.post('an apricot tart'),
      blurred: await where.post('bilberry jam'),
      hidden: await where.post('cloudberry liqueur'),
      elsewhere: await where.post('damson gin'),
      plain: await where.post('plain toast'),
    };
    // Notifications are written after the post: wait for the last one.
    statuses = await eventually(async () => {
      const shown = await where.read();
      return shown.some((status) => status.id === ids.plain) ? shown : false;
    }, { timeoutMs: 20_000, intervalMs: 100, what: 'the plain status where it is shown' });
  });

  const shown = (id: string) => statuses.find((status) => status.id === id);

  it(`a warn filter of the context marks the status filtered with its keyword matches`, () => {
    expect(shown(ids.warned)?.filtered).toEqual([
      { filter: expect.objectContaining({ id: warn.id, title: 'Apricots', filter_action: 'warn', context: [place.context] }), keyword_matches: ['apricot'], status_matches: null },
    ]);
    expect(shown(ids.plain)?.filtered).toEqual([]);
  });

  it('a blur filter keeps the status, marked filtered with filter_action blur', () => {
    expect(shown(ids.blurred)?.filtered).toEqual([
      { filter: expect.objectContaining({ id: blur.id, title: 'Bilberries', filter_action: 'blur' }), keyword_matches: ['bilberry'], status_matches: null },
    ]);
  });

  if (place.hides) {
    it('a hide filter of the context leaves the status out', () => {
      expect(shown(ids.hidden)).toBeUndefined();
    });
  } else {
    it('a hide filter of the context marks the status filtered with filter_action hide, for the client to leave out', () => {
      expect(shown(ids.hidden)?.filtered).toEqual([expect.objectContaining({ filter: expect.objectContaining({ title: 'Cloudberries', filter_action: 'hide' }), keyword_matches: ['cloudberry'] })]);
    });
  }

  it('filters of the other contexts neither mark nor hide the status', () => {
    expect(shown(ids.elsewhere)?.filtered).toEqual([]);
  });
});
