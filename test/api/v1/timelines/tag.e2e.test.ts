// GET /api/v1/timelines/tag/:hashtag. docs/api/timelines.md#timelines (Mastodon's TagFeed).
import type { ApiResponse, MastodonStatus, TestUser } from '@social/testkit';
import { randomBytes } from 'node:crypto';
import { OUTSIDE_SCOPES, expectError, expectJson } from '../../../support/expectations';
import { ids, links } from '../../../support/interactions';
import { api, baseUrl, rig } from '../../../support/server';

async function timeline(path: string, token?: string): Promise<ApiResponse<MastodonStatus[]>> {
  const response = await api.get<MastodonStatus[]>(path, { token });
  expectJson(response, 200);
  return response;
}

describe('GET /api/v1/timelines/tag/:hashtag', () => {
  const tag = `Tagged${randomBytes(3).toString('hex')}`;
  let author: TestUser;
  let tagged: MastodonStatus[];

  beforeAll(async () => {
    author = await rig.newUser('tagauthor');
    const first = await rig.post(author.token, `first #${tag}`);
    await rig.post(author.token, { status: `unlisted #${tag}`, visibility: 'unlisted' });
    await rig.post(author.token, { status: `private #${tag}`, visibility: 'private' });
    await rig.post(author.token, 'untagged');
    const reply = await rig.post(author.token, { status: `a reply #${tag.toLowerCase()}`, in_reply_to_id: first.id });
    const last = await rig.post(author.token, `last #${tag.toUpperCase()}`);
    tagged = [last, reply, first];
  });

  describe('for a hashtag in any case, anonymously', () => {
    it('answers 200 with the public statuses carrying it, newest first, whatever case they wrote it in', async () => {
      const response = await timeline(`/api/v1/timelines/tag/${tag.toLowerCase()}`);
      expect(ids(response.body)).toEqual(ids(tagged));
      expect(response.body[0]!.tags).toEqual([{ name: tag.toLowerCase(), url: `${baseUrl}/tags/${tag.toLowerCase()}` }]);
    });
  });

  describe('with limit=2', () => {
    it('writes next (max_id) and prev (min_id) Links on its path', async () => {
      const response = await timeline(`/api/v1/timelines/tag/${tag}?limit=2`);
      expect(ids(response.body)).toEqual(ids(tagged.slice(0, 2)));
      expect(links(response)).toEqual({
        next: `${baseUrl}/api/v1/timelines/tag/${tag}?limit=2&max_id=${tagged[1]!.id}`,
        prev: `${baseUrl}/api/v1/timelines/tag/${tag}?limit=2&min_id=${tagged[0]!.id}`,
      });
    });
  });

  describe('with local=true', () => {
    it('answers the same local statuses', async () => {
      expect(ids((await timeline(`/api/v1/timelines/tag/${tag}?local=true`)).body)).toEqual(ids(tagged));
    });
  });

  describe('for a hashtag nobody used', () => {
    it('answers 200 with [] and no Link header', async () => {
      const response = await timeline('/api/v1/timelines/tag/nobodyusesthisone');
      expect(response.body).toEqual([]);
      expect(response.headers.link).toBeUndefined();
    });
  });

  describe('with a user token of scope write only', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const token = await rig.passwordToken(author.app, author.email, author.password, 'write');
      expectError(await api.get(`/api/v1/timelines/tag/${tag}`, { token }), 403, OUTSIDE_SCOPES);
    });
  });
});
