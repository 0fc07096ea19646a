// POST /api/v1/conversations/:id/unread: marks one of the caller's conversations unread again, answers it,
// and shows it so on the caller's direct stream. docs/api/timelines.md#conversations.
import type { TestUser } from '@social/testkit';
import { conversationWith, directMessage, expectedConversation } from '../../../support/conversations';
import { OUTSIDE_SCOPES, RECORD_NOT_FOUND, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../../../support/expectations';
import { api, rig } from '../../../support/server';
import { openSse } from '../../../support/sse';

const mark = (user: TestUser | string, id: string, state: 'read' | 'unread') =>
  api.post(`/api/v1/conversations/${id}/${state}`, { token: typeof user === 'string' ? user : user.token });

describe('POST /api/v1/conversations/:id/unread', () => {
  let sender: TestUser;
  let recipient: TestUser;

  beforeAll(async () => {
    [sender, recipient] = await Promise.all([rig.newUser('unreadsender'), rig.newUser('unreadrecipient')]);
  });

  describe("for the caller's read conversation", () => {
    it('answers 200 with the conversation unread, lists it unread and sends it to the direct stream', async () => {
      const dm = await directMessage(sender, [recipient], 'read me later');
      const { id } = await conversationWith(recipient, dm.id);
      expectJson(await mark(recipient, id, 'read'), 200);
      const stream = await openSse('/api/v1/streaming/direct', recipient.token);

      const response = await mark(recipient, id, 'unread');

      expectJson(response, 200);
      expect(response.body).toEqual({ ...(await expectedConversation(recipient, [sender], dm.id, true)), id });
      expect((await conversationWith(recipient, dm.id)).unread).toBe(true);
      const event = await stream.next('conversation', (data) => (JSON.parse(data) as { id: string; unread: boolean }).unread);
      expect(JSON.parse(event.data)).toMatchObject({ id, unread: true });
    });

    it('answers 200 for a conversation already unread', async () => {
      const dm = await directMessage(sender, [recipient], 'twice');
      const { id } = await conversationWith(recipient, dm.id);
      expect(((await mark(recipient, id, 'unread')).body as { unread: boolean }).unread).toBe(true);
    });
  });

  describe("for another user's conversation", () => {
    it('answers 404 Record not found', async () => {
      const dm = await directMessage(sender, [recipient], 'not yours');
      const { id } = await conversationWith(recipient, dm.id);
      expectError(await mark(sender, id, 'unread'), 404, RECORD_NOT_FOUND);
    });
  });

  describe('without a token, with the wrong scope, with an app token', () => {
    it('answers 401, 403 and 422', async () => {
      expectInvalidToken(await api.post('/api/v1/conversations/1/unread'));
      const app = await rig.registerApp('write:statuses');
      const token = await rig.passwordToken(app, recipient.email, recipient.password, 'write:statuses');
      expectError(await mark(token, '1', 'unread'), 403, OUTSIDE_SCOPES);
      expectError(await mark(await rig.appToken(recipient.app, 'write'), '1', 'unread'), 422, USER_REQUIRED);
    });
  });
});
