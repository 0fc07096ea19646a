// GET /api/v1/streaming/list?list= (SSE): statuses of the list's members, for the list's owner.
// docs/api/streaming.md.
import type { TestUser } from '@social/testkit';
import { expectJson } from '../../../support/expectations';
import { follow } from '../../../support/interactions';
import { api, rig } from '../../../support/server';
import { expectSseError, openSse } from '../../../support/sse';

describe('GET /api/v1/streaming/list', () => {
  let owner: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let listId: string;

  beforeAll(async () => {
    [owner, member, outsider] = await Promise.all([rig.newUser('sselowner'), rig.newUser('sselmember'), rig.newUser('sseloutsider')]);
    await follow(owner, member);
    await follow(owner, outsider);
    const created = await api.postForm<{ id: string }>('/api/v1/lists', { title: 'Close friends' }, { token: owner.token });
    expectJson(created, 200);
    listId = created.body.id;
    expectJson(await api.postForm(`/api/v1/lists/${listId}/accounts`, { 'account_ids[]': member.account.id }, { token: owner.token }), 200);
  });

  describe("with the owner's token", () => {
    it("sends members' statuses, as the owner reads them, and not those of other followed accounts", async () => {
      const stream = await openSse(`/api/v1/streaming/list?list=${listId}`, owner.token);
      const left = await rig.post(outsider.token, 'Not on the list');
      const status = await rig.post(member.token, { status: 'On the list', visibility: 'private' });

      const event = await stream.next('update', (d) => d.includes(status.id));

      const rest = await api.get(`/api/v1/statuses/${status.id}`, { token: owner.token });
      expect(JSON.parse(event.data)).toEqual(rest.body);
      expect(stream.events.items.filter((e) => e.data.includes(left.id))).toEqual([]);
    });

    it("sends `event: delete` when a member's status is deleted", async () => {
      const stream = await openSse(`/api/v1/streaming/list?list=${listId}`, owner.token);
      const status = await rig.post(member.token, 'Retracted');
      await stream.next('update', (d) => d.includes(status.id));

      expectJson(await api.delete(`/api/v1/statuses/${status.id}`, { token: member.token }), 200);

      expect(await stream.next('delete', (d) => d === status.id)).toEqual({ event: 'delete', data: status.id });
    });
  });

  describe("with a token of the owner's that has read:lists and nothing else", () => {
    it("still sends members' statuses: the list's scope is what the stream needs", async () => {
      const listsApp = await rig.registerApp('read:lists');
      const listsOnly = await rig.passwordToken(listsApp, owner.email, owner.password, 'read:lists');
      const stream = await openSse(`/api/v1/streaming/list?list=${listId}`, listsOnly);
      const status = await rig.post(member.token, 'For a lists-only token');

      const event = await stream.next('update', (d) => d.includes(status.id));

      const rest = await api.get(`/api/v1/statuses/${status.id}`, { token: owner.token });
      expect(JSON.parse(event.data)).toEqual(rest.body);
    });
  });

  describe("with another user's token", () => {
    it('answers 401 Not authorized to stream this list', async () => {
      await expectSseError(`/api/v1/streaming/list?list=${listId}`, member.token, 401, 'Not authorized to stream this list');
    });
  });

  describe('for a list that does not exist', () => {
    it('answers 401 Not authorized to stream this list', async () => {
      await expectSseError('/api/v1/streaming/list?list=999999999', owner.token, 401, 'Not authorized to stream this list');
    });
  });

  describe('without a list', () => {
    it('answers 400 Missing list name parameter', async () => {
      await expectSseError('/api/v1/streaming/list', owner.token, 400, 'Missing list name parameter');
    });
  });

  describe('without a token', () => {
    it('answers 401 Missing access token', async () => {
      await expectSseError(`/api/v1/streaming/list?list=${listId}`, undefined, 401, 'Missing access token');
    });
  });
});
