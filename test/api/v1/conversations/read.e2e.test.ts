// POST /api/v1/conversations/:id/read: marks one of the caller's conversations read, answers it, and shows
// it so on the caller's direct stream. docs/api/timelines.md#conversations.
import type { TestUser } from '@social/testkit';
import { conversationWith, directMessage, expectedConversation, listConversations } from '../../../support/conversations';
import { OUTSIDE_SCOPES, RECORD_NOT_FOUND, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../../../support/expectations';
import { api, rig } from '../../../support/server';
import { openSse } from '../../../support/sse';

const read = (user: TestUser | string, id: string) => api.post(`/api/v1/conversations/${id}/read`, { token: typeof user === 'string' ? user : user.token });

describe('POST /api/v1/conversations/:id/read', () => {
  let sender: TestUser;
  let recipient: TestUser;

  beforeAll(async () => {
    [sender, recipient] = await Promise.all([rig.newUser('readsender'), rig.newUser('readrecipient')]);
  });

  describe("for the caller's unread conversation", () => {
    it('answers 200 with the conversation read, and lists it read; the author\'s row is untouched', async () => {
      const dm = await directMessage(sender, [recipient], 'did you see?');
      const unread = await conversationWith(recipient, dm.id);
      expect(unread.unread).toBe(true);

      const response = await read(recipient, unread.id);

      expectJson(response, 200);
      expect(response.body).toEqual({ ...(await expectedConversation(recipient, [sender], dm.id, false)), id: unread.id });
      expect((await listConversations(recipient)).body.find((conversation) => conversation.id === unread.id)?.unread).toBe(false);
      expect((await conversationWith(sender, dm.id)).unread).toBe(false);
    });

    it("sends the read conversation to the caller's direct stream", async () => {
      const dm = await directMessage(sender, [recipient], 'still there?');
      const { id } = await conversationWith(recipient, dm.id);
      const stream = await openSse('/api/v1/streaming/direct', recipient.token);

      expectJson(await read(recipient, id), 200);

      const event = await stream.next('conversation', (data) => (JSON.parse(data) as { id: string }).id === id);
      expect(JSON.parse(event.data)).toEqual({ ...(await expectedConversation(recipient, [sender], dm.id, false)), id });
    });

    it('stays read until someone else posts in it again', async () => {
      const dm = await directMessage(sender, [recipient], 'one');
      const { id } = await conversationWith(recipient, dm.id);
      expectJson(await read(recipient, id), 200);
      expectJson(await read(recipient, id), 200);

      const again = await directMessage(sender, [recipient], 'two', { in_reply_to_id: dm.id });

      expect(await conversationWith(recipient, again.id)).toEqual({ ...(await expectedConversation(recipient, [sender], again.id, true)), id });
    });
  });

  describe("for another user's conversation", () => {
    it('answers 404 Record not found and leaves it unread', async () => {
      const dm = await directMessage(sender, [recipient], 'not yours');
      const { id } = await conversationWith(recipient, dm.id);

      expectError(await read(sender, id), 404, RECORD_NOT_FOUND);
      expect((await conversationWith(recipient, dm.id)).unread).toBe(true);
    });
  });

  describe.each(['99999999999', 'abc', '-1'])('for the id %s, which no conversation has', (id) => {
    it('answers 404 Record not found', async () => {
      expectError(await read(recipient, id), 404, RECORD_NOT_FOUND);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.post('/api/v1/conversations/1/read'));
    });
  });

  describe('with a user token of scope write:statuses only', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const app = await rig.registerApp('write:statuses');
      const token = await rig.passwordToken(app, recipient.email, recipient.password, 'write:statuses');
      expectError(await read(token, '1'), 403, OUTSIDE_SCOPES);
    });
  });

  describe('with a user token of the granular scope write:conversations', () => {
    it('answers 200', async () => {
      const dm = await directMessage(sender, [recipient], 'granular');
      const { id } = await conversationWith(recipient, dm.id);
      const app = await rig.registerApp('write:conversations');
      const token = await rig.passwordToken(app, recipient.email, recipient.password, 'write:conversations');

      expectJson(await read(token, id), 200);
    });
  });

  describe('with an app token (no user)', () => {
    it('answers 422 This method requires an authenticated user', async () => {
      expectError(await read(await rig.appToken(recipient.app, 'write'), '1'), 422, USER_REQUIRED);
    });
  });
});
