/**
 * GET /api/v1/lists (read or read:lists): the user's lists. 200 [List].
 * GET /api/v1/lists/:id (read:lists): one of them. 200 List; 404.
 * POST /api/v1/lists (write or write:lists): title, replies_policy (followed, list, none; default list), exclusive.
 *   200 List; 422 "Validation failed: Title can't be blank", unknown replies_policy, more than 50 lists.
 * PUT /api/v1/lists/:id (write:lists): the same parameters, each optional. 200 List; 404, 422.
 * DELETE /api/v1/lists/:id (write:lists): 200 {}; 404.
 * Every route acts for a user (an app token gets 422); another user's list is 404. Mastodon's Api::V1::ListsController.
 */
import { listToMastodon } from '../../entities/list/to-mastodon.js';
import { run, runMutation } from '../../http/context.js';
import { HttpError } from '../../http/errors.js';
import { Params, pathParam } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import { CreateList, DeleteList, GetList, GetLists, UpdateList, type ListRepliesPolicy } from '../../gql/operations.js';

const POLICIES: Record<string, ListRepliesPolicy> = { followed: 'FOLLOWED', list: 'LIST', none: 'NONE' };

/** The list's fields from the request; Rails' enum validation words an unknown replies_policy. */
function listInput(params: Params) {
  const policy = params.string('replies_policy');
  if (policy !== undefined && policy !== '' && !POLICIES[policy]) throw new HttpError(422, 'Validation failed: Replies policy is not included in the list');
  return { title: params.string('title') ?? null, repliesPolicy: policy ? POLICIES[policy] : null, exclusive: params.boolean('exclusive') ?? null };
}

export const listRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/lists',
    scopes: userScopes('read:lists'),
    doc: { summary: 'Your lists', responds: ['List'] },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetLists);
      res.json(data.lists.map(listToMastodon));
    },
  },
  {
    method: 'post',
    path: '/api/v1/lists',
    scopes: userScopes('write:lists'),
    doc: { summary: 'Create a list', responds: 'List', params: { title: 'string!', replies_policy: 'string', exclusive: 'boolean' } },
    async handle(services, req, res) {
      const data = await runMutation(services, req, res, CreateList, { input: listInput(Params.of(req)) }, 'createList');
      res.json(listToMastodon(data.list));
    },
  },
  {
    method: 'get',
    path: '/api/v1/lists/:id',
    scopes: userScopes('read:lists'),
    doc: { summary: 'A list', responds: 'List' },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetList, { id: pathParam(req, 'id') });
      res.json(listToMastodon(data.list));
    },
  },
  {
    method: 'put',
    path: '/api/v1/lists/:id',
    scopes: userScopes('write:lists'),
    doc: { summary: 'Change a list', responds: 'List', params: { title: 'string', replies_policy: 'string', exclusive: 'boolean' } },
    async handle(services, req, res) {
      const input = { ...listInput(Params.of(req)), listId: pathParam(req, 'id') };
      const data = await runMutation(services, req, res, UpdateList, { input }, 'updateList');
      res.json(listToMastodon(data.list));
    },
  },
  {
    method: 'delete',
    path: '/api/v1/lists/:id',
    scopes: userScopes('write:lists'),
    doc: { summary: 'Delete a list', responds: 'Empty' },
    async handle(services, req, res) {
      await runMutation(services, req, res, DeleteList, { input: { listId: pathParam(req, 'id') } }, 'deleteList');
      res.json({});
    },
  },
];
