/**
 * GET /api/v1/conversations (read or read:statuses, user): the caller's direct conversations, the one with
 *   the newest status first. max_id, since_id, min_id are newest status ids; limit default 20, at most 40.
 *   200 [Conversation] with a Link header (next after a full page, prev by min_id).
 * POST /api/v1/conversations/:id/read (write or write:conversations, user): 200 Conversation, now read.
 * POST /api/v1/conversations/:id/unread (write or write:conversations, user): 200 Conversation, unread again.
 * DELETE /api/v1/conversations/:id (write or write:conversations, user): 200 {}; removed for the caller only.
 * Another user's conversation is 404 Record not found. 401 without a token, 403 without the scope, 422 with
 * an app token. Mastodon's Api::V1::ConversationsController.
 */
import type { ConversationFieldsFragment } from '../../gql/operations.js';
import { conversationToMastodon } from '../../entities/conversation/to-mastodon.js';
import { runMutation } from '../../http/context.js';
import { answerListPage } from '../../http/list-page.js';
import { userScopes, type Route } from '../route.js';
import { GetConversations, MarkConversationRead, MarkConversationUnread, RemoveConversation } from '../../gql/operations.js';
import { pathParam } from '../../http/params.js';

export const conversationRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/conversations',
    scopes: userScopes('read:statuses'),
    doc: { summary: 'Your direct conversations', responds: ['Conversation'], paged: true },
    async handle(services, req, res) {
      await answerListPage<ConversationFieldsFragment>(services, req, res, GetConversations, (item) => conversationToMastodon(item));
    },
  },
  {
    method: 'post',
    path: '/api/v1/conversations/:id/read',
    scopes: userScopes('write:conversations'),
    doc: { summary: 'Mark one of your conversations read', responds: 'Conversation' },
    async handle(services, req, res) {
      const data = await runMutation(services, req, res, MarkConversationRead, { input: { conversationId: pathParam(req, 'id') } }, 'markConversationRead');
      res.json(conversationToMastodon(data.conversation));
    },
  },
  {
    method: 'post',
    path: '/api/v1/conversations/:id/unread',
    scopes: userScopes('write:conversations'),
    doc: { summary: 'Mark one of your conversations unread again', responds: 'Conversation' },
    async handle(services, req, res) {
      const data = await runMutation(services, req, res, MarkConversationUnread, { input: { conversationId: pathParam(req, 'id') } }, 'markConversationUnread');
      res.json(conversationToMastodon(data.conversation));
    },
  },
  {
    method: 'delete',
    path: '/api/v1/conversations/:id',
    scopes: userScopes('write:conversations'),
    doc: { summary: 'Remove one of your conversations from your list', responds: 'Empty' },
    async handle(services, req, res) {
      await runMutation(services, req, res, RemoveConversation, { input: { conversationId: pathParam(req, 'id') } }, 'removeConversation');
      res.json({});
    },
  },
];
