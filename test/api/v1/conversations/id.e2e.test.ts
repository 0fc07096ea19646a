// DELETE /api/v1/conversations/:id: removes one of the caller's conversations from their list only; the
// statuses stay, and a new status in it brings it back. docs/api/timelines.md#conversations.
import type { TestUser } from '@social/testkit';
import { conversationWith, directMessage, expectedConversation, listConversations } from '../../../support/conversations';
import { OUTSIDE_SCOPES, RECORD_NOT_FOUND, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../../../support/expectations';
import { api, rig } from '../../../support/server';

const remove = (user: TestUser | string, id: string) => api.delete(`/api/v1/conversations/${id}`, { token: typeof user === 'string' ? user : user.token });

describe('DELETE /api/v1/conversations/:id', () => {
  let sender: TestUser;
  let recipient: TestUser;

  beforeAll(async () => {
    [sender, recipient] = await Promise.all([rig.newUser('delsender'), rig.newUser('delrecipient')]);
  });

  describe("for the caller's conversation", () => {
    it("answers 200 {} and drops it from the caller's list only; the status stays", async () => {
      const dm = await directMessage(sender, [recipient], 'to be forgotten');
      const { id } = await conversationWith(recipient, dm.id);

      const response = await remove(recipient, id);

      expectJson(response, 200);
      expect(response.body).toEqual({});
      expect((await listConversations(recipient, '?limit=40')).body.map((conversation) => conversation.id)).not.toContain(id);
      expect(await conversationWith(sender, dm.id)).toEqual(await expectedConversation(sender, [recipient], dm.id, false));
      expectJson(await api.get(`/api/v1/statuses/${dm.id}`, { token: recipient.token }), 200);
    });

    it('answers 404 Record not found the second time', async () => {
      const dm = await directMessage(sender, [recipient], 'twice');
      const { id } = await conversationWith(recipient, dm.id);
      expectJson(await remove(recipient, id), 200);

      expectError(await remove(recipient, id), 404, RECORD_NOT_FOUND);
    });

    it('comes back, unread and with only the new status, when someone posts in it again', async () => {
      const dm = await directMessage(sender, [recipient], 'first');
      const { id } = await conversationWith(recipient, dm.id);
      expectJson(await remove(recipient, id), 200);

      const reply = await directMessage(sender, [recipient], 'second', { in_reply_to_id: dm.id });

      const back = await conversationWith(recipient, reply.id);
      expect(back).toEqual(await expectedConversation(recipient, [sender], reply.id, true));
      expect(back.id).not.toBe(id);
      // The reply alone is in it: deleting the reply removes the conversation again instead of showing the first status.
      expectJson(await api.delete(`/api/v1/statuses/${reply.id}`, { token: sender.token }), 200);
      expect((await listConversations(recipient, '?limit=40')).body.map((conversation) => conversation.id)).not.toContain(back.id);
    });
  });

  describe("for another user's conversation", () => {
    it('answers 404 Record not found and leaves it in place', async () => {
      const dm = await directMessage(sender, [recipient], 'keep out');
      const { id } = await conversationWith(recipient, dm.id);

      expectError(await remove(sender, id), 404, RECORD_NOT_FOUND);
      expect((await conversationWith(recipient, dm.id)).id).toBe(id);
    });
  });

  describe.each(['99999999999', 'abc'])('for the id %s, which no conversation has', (id) => {
    it('answers 404 Record not found', async () => {
      expectError(await remove(recipient, id), 404, RECORD_NOT_FOUND);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.delete('/api/v1/conversations/1'));
    });
  });

  describe('with a user token of scope read only', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const app = await rig.registerApp('read');
      const token = await rig.passwordToken(app, recipient.email, recipient.password, 'read');
      expectError(await remove(token, '1'), 403, OUTSIDE_SCOPES);
    });
  });

  describe('with an app token (no user)', () => {
    it('answers 422 This method requires an authenticated user', async () => {
      expectError(await remove(await rig.appToken(recipient.app, 'write'), '1'), 422, USER_REQUIRED);
    });
  });
});
