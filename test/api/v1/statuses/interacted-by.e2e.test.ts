// GET /api/v1/statuses/:id/reblogged_by and /favourited_by. docs/api/statuses.md#interactions.
import type { ApiResponse, MastodonAccount, MastodonStatus, TestUser } from '@social/testkit';
import { expectedAccount } from '../../../support/entities';
import { OUTSIDE_SCOPES, RECORD_NOT_FOUND, expectError, expectJson } from '../../../support/expectations';
import { act, ids, links, pathOf } from '../../../support/interactions';
import { api, baseUrl, rig } from '../../../support/server';

async function list(path: string, token?: string): Promise<ApiResponse<MastodonAccount[]>> {
  const response = await api.get<MastodonAccount[]>(path, { token });
  expectJson(response, 200);
  return response;
}

describe.each([
  ['reblogged_by', 'reblog'],
  ['favourited_by', 'favourite'],
])('GET /api/v1/statuses/:id/%s', (endpoint, action) => {
  let author: TestUser;
  let actors: TestUser[];
  let status: MastodonStatus;

  beforeAll(async () => {
    author = await rig.newUser(`${action}dauthor`);
    actors = [];
    for (let n = 0; n < 3; n++) actors.push(await rig.newUser(`${action}er${n}`));
    status = await rig.post(author.token, `Who did ${action} me?`);
    for (const actor of actors) await act(actor, status.id, action);
  });

  describe('for a public status, anonymously', () => {
    it('answers 200 with the accounts, newest first, each a full Account', async () => {
      const response = await list(`/api/v1/statuses/${status.id}/${endpoint}`);

      expect(ids(response.body)).toEqual(ids([...actors].reverse().map((a) => a.account)));
      const lastStatusAt = action === 'reblog' ? expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) : null;
      expect(response.body[2]).toEqual(
        expectedAccount(baseUrl, actors[0]!.account, { statuses_count: action === 'reblog' ? 1 : 0, last_status_at: lastStatusAt }),
      );
    });

    it('writes only a prev Link (since_id) when the page is not full', async () => {
      const response = await list(`/api/v1/statuses/${status.id}/${endpoint}`);
      const header = links(response);
      expect(Object.keys(header)).toEqual(['prev']);
      expect(header.prev).toMatch(new RegExp(`^${baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/api/v1/statuses/${status.id}/${endpoint}\\?since_id=\\d+$`));
    });
  });

  describe('with limit=2', () => {
    it('pages through all accounts with the next Link (max_id) and keeps limit in it', async () => {
      const first = await list(`/api/v1/statuses/${status.id}/${endpoint}?limit=2`);
      const next = links(first).next as string;
      expect(next).toMatch(/\?limit=2&max_id=\d+$/);
      expect(links(first).prev).toMatch(/\?limit=2&since_id=\d+$/);

      const second = await list(pathOf(next));

      expect([...ids(first.body), ...ids(second.body)]).toEqual(ids([...actors].reverse().map((a) => a.account)));
      expect(links(second).next).toBeUndefined();
    });

    it('goes back with the prev Link (since_id) to the newer accounts', async () => {
      const first = await list(`/api/v1/statuses/${status.id}/${endpoint}?limit=2`);
      const second = await list(pathOf(links(first).next as string));
      const back = await list(pathOf(links(second).prev as string));
      expect(ids(back.body)).toEqual(ids(first.body));
    });
  });

  describe('with limit=0', () => {
    it('answers 200 with an empty list and no Link header', async () => {
      const response = await list(`/api/v1/statuses/${status.id}/${endpoint}?limit=0`);
      expect(response.body).toEqual([]);
      expect(response.headers.link).toBeUndefined();
    });
  });

  describe('with limit=100', () => {
    it('answers with at most 80 (all 3 here) and no next Link', async () => {
      const response = await list(`/api/v1/statuses/${status.id}/${endpoint}?limit=100`);
      expect(response.body).toHaveLength(3);
      expect(links(response).next).toBeUndefined();
    });
  });

  describe('for a status nobody acted on', () => {
    it('answers 200 with [] and no Link header', async () => {
      const quiet = await rig.post(author.token, 'Nobody cares');
      const response = await list(`/api/v1/statuses/${quiet.id}/${endpoint}`);
      expect(response.body).toEqual([]);
      expect(response.headers.link).toBeUndefined();
    });
  });

  describe('after an undo', () => {
    it('no longer lists the account', async () => {
      const undoer = await rig.newUser(`un${action}er`);
      const target = await rig.post(author.token, 'Undo me');
      await act(undoer, target.id, action);
      await act(undoer, target.id, `un${action}`);
      expect((await list(`/api/v1/statuses/${target.id}/${endpoint}`)).body).toEqual([]);
    });
  });

  describe("for another user's private status", () => {
    it('answers 404 Record not found', async () => {
      const hidden = await rig.post(author.token, { status: 'hidden', visibility: 'private' });
      expectError(await api.get(`/api/v1/statuses/${hidden.id}/${endpoint}`), 404, RECORD_NOT_FOUND);
    });
  });

  describe('for a status that does not exist', () => {
    it('answers 404 Record not found', async () => {
      expectError(await api.get(`/api/v1/statuses/1234567890/${endpoint}`), 404, RECORD_NOT_FOUND);
    });
  });

  describe('with a user token of scope write only', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const token = await rig.passwordToken(author.app, author.email, author.password, 'write');
      expectError(await api.get(`/api/v1/statuses/${status.id}/${endpoint}`, { token }), 403, OUTSIDE_SCOPES);
    });
  });

  describe('with a user token of the granular scope read:accounts', () => {
    it('answers 200', async () => {
      const app = await rig.registerApp('read:accounts write');
      const token = await rig.passwordToken(app, author.email, author.password, 'read:accounts');
      expect((await list(`/api/v1/statuses/${status.id}/${endpoint}`, token)).body).toHaveLength(3);
    });
  });
});

describe('GET /api/v1/statuses/:id/reblogged_by', () => {
  describe('for a status boosted privately by its author', () => {
    it('leaves the private boost out (only public and unlisted boosts are listed)', async () => {
      const author = await rig.newUser('selfbooster');
      const status = await rig.post(author.token, 'mine');
      await api.postForm(`/api/v1/statuses/${status.id}/reblog`, { visibility: 'private' }, { token: author.token });
      expect((await list(`/api/v1/statuses/${status.id}/reblogged_by`)).body).toEqual([]);
    });
  });
});
