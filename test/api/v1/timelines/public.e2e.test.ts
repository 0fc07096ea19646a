// GET /api/v1/timelines/public. docs/api/timelines.md#timelines (Mastodon's PublicFeed); public reads need no token.
// Other suites post too (and background jobs may publish at any time), so every read here is bounded
// by max_id of a fence: an unlisted status posted after this suite's statuses, itself never listed.
import type { ApiResponse, MastodonStatus, TestUser } from '@social/testkit';
import { expectedStatus } from '../../../support/entities';
import { OUTSIDE_SCOPES, expectError, expectJson } from '../../../support/expectations';
import { act, ids, links } from '../../../support/interactions';
import * as images from '../../../support/images';
import { uploaded } from '../../../support/media';
import { api, baseUrl, rig } from '../../../support/server';

async function timeline(query: string, token?: string): Promise<ApiResponse<MastodonStatus[]>> {
  const response = await api.get<MastodonStatus[]>(`/api/v1/timelines/public${query}`, { token });
  expectJson(response, 200);
  return response;
}

describe('GET /api/v1/timelines/public', () => {
  let author: TestUser;
  let other: TestUser;
  let shown: MastodonStatus[];
  let fence: string;

  beforeAll(async () => {
    [author, other] = await Promise.all([rig.newUser('pubauthor'), rig.newUser('pubother')]);
    const first = await rig.post(author.token, 'public one');
    await rig.post(author.token, { status: 'unlisted one', visibility: 'unlisted' });
    await rig.post(author.token, { status: 'private one', visibility: 'private' });
    await rig.post(author.token, { status: 'direct one', visibility: 'direct' });
    await act(other, first.id, 'reblog');
    await rig.post(other.token, { status: 'a reply to someone else', in_reply_to_id: first.id });
    const thread = await rig.post(author.token, { status: 'a self-reply', in_reply_to_id: first.id });
    const last = await rig.post(other.token, 'public two');
    shown = [last, thread, first];
    fence = (await rig.post(other.token, { status: 'fence', visibility: 'unlisted' })).id;
  });

  describe('anonymously', () => {
    it('answers 200 with public statuses only: no unlisted, private, direct, boosts or replies to others; self-replies stay', async () => {
      expect(ids((await timeline(`?limit=3&max_id=${fence}`)).body)).toEqual(ids(shown));
    });

    it('renders each item without viewer flags', async () => {
      const [newest] = (await timeline(`?limit=1&max_id=${fence}`)).body;
      expect(newest).toEqual(expectedStatus(baseUrl, { id: shown[0]!.id, author: other.account, viewer: 'anonymous', content: '<p>public two</p>' }));
    });
  });

  describe('as a signed-in user', () => {
    it('answers with the viewer flags', async () => {
      await act(author, shown[0]!.id, 'favourite');
      const [newest] = (await timeline(`?limit=1&max_id=${fence}`, author.token)).body;
      expect(newest).toMatchObject({ id: shown[0]!.id, favourited: true, reblogged: false, bookmarked: false, muted: false });
    });
  });

  describe('with local=true and limit=2', () => {
    it('answers local statuses with Link next (max_id) and prev (min_id) keeping local and limit', async () => {
      const response = await timeline(`?local=true&limit=2&max_id=${fence}`);
      expect(ids(response.body)).toEqual(ids(shown.slice(0, 2)));
      expect(links(response)).toEqual({
        next: `${baseUrl}/api/v1/timelines/public?limit=2&local=true&max_id=${shown[1]!.id}`,
        prev: `${baseUrl}/api/v1/timelines/public?limit=2&local=true&min_id=${shown[0]!.id}`,
      });
    });
  });

  describe('with max_id', () => {
    it('answers the statuses older than it', async () => {
      expect(ids((await timeline(`?max_id=${shown[0]!.id}&limit=2`)).body)).toEqual(ids(shown.slice(1, 3)));
    });
  });

  describe('with remote=true', () => {
    it('answers 200 with [] (nothing here comes from other servers)', async () => {
      const response = await timeline('?remote=true');
      expect(response.body).toEqual([]);
      expect(response.headers.link).toBeUndefined();
    });
  });

  describe('with only_media=true', () => {
    it('answers only statuses with media, keeping only_media in the links', async () => {
      const media = await uploaded(api, author.token, { file: await images.png() });
      const withMedia = await rig.post(author.token, { status: 'a picture', media_ids: [media.id as string] });
      await rig.post(author.token, 'no picture');

      const response = await timeline(`?only_media=true&limit=1&max_id=${BigInt(withMedia.id) + 1n}`);

      expect(ids(response.body)).toEqual([withMedia.id]);
      expect(response.body[0]!.media_attachments).toHaveLength(1);
      expect(links(response).next).toBe(`${baseUrl}/api/v1/timelines/public?limit=1&max_id=${withMedia.id}&only_media=true`);
    });
  });

  describe('with a user token of scope write only', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const token = await rig.passwordToken(author.app, author.email, author.password, 'write');
      expectError(await api.get('/api/v1/timelines/public', { token }), 403, OUTSIDE_SCOPES);
    });
  });
});
