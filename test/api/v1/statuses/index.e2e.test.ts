// GET /api/v1/statuses?id[]=: several statuses at once (Mastodon 4.3), in the order asked, each once; missing
// ones, those the caller may not see and those of blocked or muted accounts left out; at most 20 ids.
// Public. docs/api/statuses.md#reading.
import type { MastodonStatus, TestUser } from '@social/testkit';
import { expectedStatus } from '../../../support/entities';
import { OUTSIDE_SCOPES, expectError, expectJson } from '../../../support/expectations';
import { act, follow, ids } from '../../../support/interactions';
import { api, baseUrl, rig } from '../../../support/server';

describe('GET /api/v1/statuses?id[]=', () => {
  let author: TestUser;
  let reader: TestUser;
  let first: MastodonStatus;
  let second: MastodonStatus;

  beforeAll(async () => {
    [author, reader] = await Promise.all([rig.newUser('several'), rig.newUser('severalreader')]);
    first = await rig.post(author.token, 'first of several');
    second = await rig.post(author.token, 'second of several');
  });

  describe('without a token', () => {
    it('answers the statuses in the order asked, once each, leaving unknown and malformed ids out', async () => {
      const response = await api.get<MastodonStatus[]>(`/api/v1/statuses?id[]=${second.id}&id[]=999999999&id[]=${first.id}&id[]=abc&id[]=${second.id}`);

      expectJson(response, 200);
      expect(response.body).toEqual([
        expectedStatus(baseUrl, { id: second.id, author: author.account, viewer: 'anonymous', content: '<p>second of several</p>' }),
        expectedStatus(baseUrl, { id: first.id, author: author.account, viewer: 'anonymous', content: '<p>first of several</p>' }),
      ]);
    });

    it('leaves out a private status', async () => {
      const hidden = await rig.post(author.token, { status: 'followers only', visibility: 'private' });
      const response = await api.get<MastodonStatus[]>(`/api/v1/statuses?id[]=${hidden.id}&id[]=${first.id}`);
      expectJson(response, 200);
      expect(ids(response.body)).toEqual([first.id]);
    });
  });

  describe('with a user token', () => {
    it("answers each status with the viewer's flags", async () => {
      await act(reader, first.id, 'favourite');
      const response = await api.get<MastodonStatus[]>(`/api/v1/statuses?id[]=${first.id}&id[]=${second.id}`, { token: reader.token });

      expectJson(response, 200);
      expect(response.body).toEqual([
        expectedStatus(baseUrl, { id: first.id, author: author.account, viewer: 'other', content: '<p>first of several</p>', fields: { favourited: true, favourites_count: 1 } }),
        expectedStatus(baseUrl, { id: second.id, author: author.account, viewer: 'other', content: '<p>second of several</p>' }),
      ]);
    });

    it('includes a private status of an account the caller follows, and boosts', async () => {
      const follower = await rig.newUser('severalfollower');
      await follow(follower, author);
      const privateOne = await rig.post(author.token, { status: 'for followers', visibility: 'private' });
      const boost = await act(reader, first.id, 'reblog');

      const response = await api.get<MastodonStatus[]>(`/api/v1/statuses?id[]=${privateOne.id}&id[]=${boost.id}`, { token: follower.token });

      expectJson(response, 200);
      expect(ids(response.body)).toEqual([privateOne.id, boost.id]);
      expect(response.body[1].reblog).toMatchObject({ id: first.id });
    });

    it('leaves out the statuses of an account the caller mutes or blocks, and boosts of them', async () => {
      const [muter, blocker, booster] = await Promise.all([rig.newUser('severalmuter'), rig.newUser('severalblocker'), rig.newUser('severalbooster')]);
      const boost = await act(booster, second.id, 'reblog');
      const other = await rig.post(booster.token, 'still shown');
      expectJson(await api.post(`/api/v1/accounts/${author.account.id}/mute`, { token: muter.token }), 200);
      expectJson(await api.post(`/api/v1/accounts/${author.account.id}/block`, { token: blocker.token }), 200);
      const query = `/api/v1/statuses?id[]=${first.id}&id[]=${boost.id}&id[]=${other.id}`;

      for (const user of [muter, blocker]) {
        const response = await api.get<MastodonStatus[]>(query, { token: user.token });
        expectJson(response, 200);
        expect(ids(response.body)).toEqual([other.id]);
      }
    });

    it('leaves out the statuses of an account that blocks the caller', async () => {
      const blocked = await rig.newUser('severalblocked');
      const blocking = await rig.newUser('severalblocking');
      const status = await rig.post(blocking.token, 'not for the blocked');
      expectJson(await api.post(`/api/v1/accounts/${blocked.account.id}/block`, { token: blocking.token }), 200);

      const response = await api.get<MastodonStatus[]>(`/api/v1/statuses?id[]=${status.id}&id[]=${first.id}`, { token: blocked.token });
      expectJson(response, 200);
      expect(ids(response.body)).toEqual([first.id]);
    });

    it('answers 403 This action is outside the authorized scopes for a token without read:statuses', async () => {
      const app = await rig.registerApp('read write');
      const token = await rig.passwordToken(app, reader.email, reader.password, 'write');
      expectError(await api.get(`/api/v1/statuses?id[]=${first.id}`, { token }), 403, OUTSIDE_SCOPES);
    });
  });

  it('answers [] for no ids', async () => {
    const response = await api.get<MastodonStatus[]>('/api/v1/statuses');
    expectJson(response, 200);
    expect(response.body).toEqual([]);
  });

  it('answers 20 ids, and refuses 21 different ones with 422', async () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `id[]=${i + 1}`).join('&');
    expectJson(await api.get(`/api/v1/statuses?${twenty}&id[]=1`), 200);
    expectJson(await api.get(`/api/v1/statuses?${twenty}&id[]=21`), 422);
  });
});
