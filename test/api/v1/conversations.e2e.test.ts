// GET /api/v1/conversations: the caller's direct conversations, one per thread and set of other
// participants, the one with the newest status first, paged by newest status id. docs/api/timelines.md#conversations;
// docs/api/conventions.md#pagination.
import type { MastodonStatus, TestUser } from '@social/testkit';
import { directMessage, expectedConversation, listConversations } from '../../support/conversations';
import { OUTSIDE_SCOPES, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../../support/expectations';
import { links, pathOf } from '../../support/interactions';
import { api, baseUrl, rig } from '../../support/server';

const lastStatusIds = (conversations: Array<{ last_status: { id: string } | null }>) => conversations.map((conversation) => conversation.last_status?.id);
const query = (link: string | undefined) => pathOf(link as string).replace('/api/v1/conversations', '');

describe('GET /api/v1/conversations', () => {
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let toBob: MastodonStatus;
  let toBoth: MastodonStatus;
  let fromCarol: MastodonStatus;

  beforeAll(async () => {
    [alice, bob, carol] = await Promise.all([rig.newUser('convalice'), rig.newUser('convbob'), rig.newUser('convcarol')]);
    toBob = await directMessage(alice, [bob], 'just you');
    toBoth = await directMessage(alice, [bob, carol], 'both of you');
    fromCarol = await directMessage(carol, [alice], 'hi alice');
    // Not direct: no conversation.
    await rig.post(alice.token, { status: `@${bob.username} followers only`, visibility: 'private' });
  });

  describe("for the caller's conversations", () => {
    it('answers 200 with each conversation as the caller sees it, the one with the newest status first', async () => {
      const response = await listConversations(alice);

      expect(response.body).toEqual([
        await expectedConversation(alice, [carol], fromCarol.id, true),
        await expectedConversation(alice, [bob, carol], toBoth.id, false),
        await expectedConversation(alice, [bob], toBob.id, false),
      ]);
    });

    it("shows each participant their own: other ids, the others as accounts, unread for the recipients", async () => {
      const [forBob, forCarol] = await Promise.all([listConversations(bob), listConversations(carol)]);

      expect(forBob.body).toEqual([await expectedConversation(bob, [alice, carol], toBoth.id, true), await expectedConversation(bob, [alice], toBob.id, true)]);
      expect(forCarol.body).toEqual([await expectedConversation(carol, [alice], fromCarol.id, false), await expectedConversation(carol, [alice, bob], toBoth.id, true)]);
      const aliceIds = new Set((await listConversations(alice)).body.map((conversation) => conversation.id));
      expect(forBob.body.filter((conversation) => aliceIds.has(conversation.id))).toEqual([]);
    });

    it('writes only a prev Link (min_id of the newest status) when the page is not full', async () => {
      expect(links(await listConversations(alice))).toEqual({ prev: `${baseUrl}/api/v1/conversations?min_id=${fromCarol.id}` });
    });
  });

  describe('with limit=2', () => {
    it('pages with next (max_id of the last newest status, after a full page) and back with prev (min_id)', async () => {
      const first = await listConversations(alice, '?limit=2');
      expect(lastStatusIds(first.body)).toEqual([fromCarol.id, toBoth.id]);
      expect(links(first)).toEqual({
        next: `${baseUrl}/api/v1/conversations?limit=2&max_id=${toBoth.id}`,
        prev: `${baseUrl}/api/v1/conversations?limit=2&min_id=${fromCarol.id}`,
      });

      const second = await listConversations(alice, query(links(first).next));
      expect(lastStatusIds(second.body)).toEqual([toBob.id]);
      expect(links(second).next).toBeUndefined();

      const back = await listConversations(alice, query(links(second).prev));
      expect(lastStatusIds(back.body)).toEqual([fromCarol.id, toBoth.id]);
    });

    it('answers the conversations right after min_id, and those after since_id from the newest', async () => {
      expect(lastStatusIds((await listConversations(alice, `?min_id=${toBob.id}&limit=1`)).body)).toEqual([toBoth.id]);
      expect(lastStatusIds((await listConversations(alice, `?since_id=${toBob.id}&limit=1`)).body)).toEqual([fromCarol.id]);
    });
  });

  describe('after a reply in an older conversation', () => {
    it('lists that conversation first, with the reply as its last status', async () => {
      const user = await rig.newUser('convreply');
      const [older, newer] = [await directMessage(user, [bob], 'older'), await directMessage(user, [carol], 'newer')];
      const reply = await directMessage(bob, [user], 'answer', { in_reply_to_id: older.id });

      expect(lastStatusIds((await listConversations(user)).body)).toEqual([reply.id, newer.id]);
    });
  });

  describe('for a user without direct statuses', () => {
    it('answers 200 [] without a Link header', async () => {
      const response = await listConversations(await rig.newUser('convnone'));

      expect(response.body).toEqual([]);
      expect(response.headers.link).toBeUndefined();
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.get('/api/v1/conversations'));
    });
  });

  describe('with a user token of scope read:bookmarks only', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const app = await rig.registerApp('read:bookmarks');
      const token = await rig.passwordToken(app, alice.email, alice.password, 'read:bookmarks');
      expectError(await api.get('/api/v1/conversations', { token }), 403, OUTSIDE_SCOPES);
    });
  });

  describe('with a user token of the granular scope read:statuses', () => {
    it('answers 200', async () => {
      const app = await rig.registerApp('read:statuses');
      const token = await rig.passwordToken(app, alice.email, alice.password, 'read:statuses');
      const response = await api.get<unknown[]>('/api/v1/conversations', { token });
      expectJson(response, 200);
      expect(response.body).toHaveLength(3);
    });
  });

  describe('with an app token (no user)', () => {
    it('answers 422 This method requires an authenticated user', async () => {
      const token = await rig.appToken(alice.app, 'read');
      expectError(await api.get('/api/v1/conversations', { token }), 422, USER_REQUIRED);
    });
  });
});
