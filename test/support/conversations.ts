// Direct conversations as a participant should see them, built from what REST answers for their parts:
// the other participants as GET /api/v1/accounts/:id shows them, the newest status as the participant
// reads it. docs/api/timelines.md#conversations.
import type { ApiResponse, TestUser } from '@social/testkit';
import { expectJson, ID } from './expectations';
import { api, rig } from './server';

/** A direct status from `author` to `recipients` (mentioned, in order). */
export function directMessage(author: TestUser, recipients: TestUser[], text: string, fields: Record<string, string> = {}) {
  return rig.post(author.token, { status: `${recipients.map((user) => `@${user.username}`).join(' ')} ${text}`.trim(), visibility: 'direct', ...fields });
}

/** The Conversation `viewer` should see: `others` (in id order) as accounts, `lastStatusId` as they read it. */
export async function expectedConversation(viewer: TestUser, others: TestUser[], lastStatusId: string, unread: boolean): Promise<Record<string, unknown>> {
  const sorted = [...others].sort((a, b) => (BigInt(a.account.id) < BigInt(b.account.id) ? -1 : 1));
  const accounts = await Promise.all(
    sorted.map(async (user) => {
      const response = await api.get(`/api/v1/accounts/${user.account.id}`, { token: viewer.token });
      expectJson(response, 200);
      return response.body;
    }),
  );
  const status = await api.get(`/api/v1/statuses/${lastStatusId}`, { token: viewer.token });
  expectJson(status, 200);
  return { id: expect.stringMatching(ID), unread, accounts, last_status: status.body };
}

/** GET /api/v1/conversations as `user` (with `query`, e.g. `?limit=2`), expecting 200. */
export async function listConversations(user: TestUser, query = ''): Promise<ApiResponse<MastodonConversation[]>> {
  const response = await api.get<MastodonConversation[]>(`/api/v1/conversations${query}`, { token: user.token });
  expectJson(response, 200);
  return response;
}

export interface MastodonConversation {
  id: string;
  unread: boolean;
  accounts: Array<{ id: string }>;
  last_status: { id: string } | null;
}

/** The caller's conversation whose newest status is `statusId`. */
export async function conversationWith(user: TestUser, statusId: string): Promise<MastodonConversation> {
  const found = (await listConversations(user, '?limit=40')).body.find((conversation) => conversation.last_status?.id === statusId);
  if (!found) throw new Error(`no conversation of ${user.username} ends with status ${statusId}`);
  return found;
}
