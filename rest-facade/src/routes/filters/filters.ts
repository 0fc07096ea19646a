/**
 * Filters, Mastodon 4's v2 API (docs/api/filters.md). Scopes read or read:filters, write or write:filters; a user
 * token (an app token gets 422); another user's filter, keyword or status entry is 404.
 * GET /api/v2/filters: 200 [Filter]. GET /api/v2/filters/:id: 200 Filter.
 * POST /api/v2/filters: title, context[], filter_action (warn, hide, blur), expires_in (seconds, blank: never),
 *   keywords_attributes[][keyword|whole_word]. 200 Filter; 422 blank title or context, unknown context or action.
 * PUT /api/v2/filters/:id: the same, each optional, keywords_attributes[][id|keyword|whole_word|_destroy]. 200 Filter.
 * DELETE /api/v2/filters/:id: 200 {}.
 * GET/POST /api/v2/filters/:id/keywords (keyword, whole_word): 200 [FilterKeyword] / FilterKeyword.
 * GET/PUT/DELETE /api/v2/filters/keywords/:id: 200 FilterKeyword / FilterKeyword / {}.
 * GET/POST /api/v2/filters/:id/statuses (status_id): 200 [FilterStatus] / FilterStatus.
 * GET/DELETE /api/v2/filters/statuses/:id: 200 FilterStatus / {}.
 */
import { filterKeywordToMastodon, filterStatusToMastodon, filterToMastodon } from '../../entities/filter/to-mastodon.js';
import {
  AddFilterKeyword, AddFilterStatus, CreateFilter, DeleteFilter, DeleteFilterKeyword, DeleteFilterStatus, GetFilter, GetFilterKeyword, GetFilters,
  GetFilterStatus, UpdateFilter, UpdateFilterKeyword, type UpdateFilterKeywordInput,
} from '../../gql/operations.js';
import { run, runMutation } from '../../http/context.js';
import { Params, pathParam } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import { expiresIn, filterAction, filterContexts } from './filter-params.js';

/** keywords_attributes[] as FilterKeywordAttributes. */
function keywordAttributes(params: Params) {
  const list = params.objectList('keywords_attributes');
  if (!list) return null;
  return list.map((entry) => ({
    id: entry.string('id') ?? null,
    keyword: entry.string('keyword') ?? null,
    wholeWord: entry.boolean('whole_word') ?? null,
    destroy: entry.boolean('_destroy') ?? null,
  }));
}

function filterFields(params: Params) {
  return { context: filterContexts(params), filterAction: filterAction(params), keywords: keywordAttributes(params) };
}

const READ = userScopes('read:filters');
const WRITE = userScopes('write:filters');
const FILTER_PARAMS = { title: 'string', context: 'string[]', filter_action: 'string', expires_in: 'integer', keywords_attributes: 'object' } as const;

export const filterRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v2/filters',
    scopes: READ,
    doc: { summary: 'Your filters', responds: ['Filter'] },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetFilters);
      res.json(data.filters.map(filterToMastodon));
    },
  },
  {
    method: 'post',
    path: '/api/v2/filters',
    scopes: WRITE,
    doc: { summary: 'Create a filter', responds: 'Filter', params: { ...FILTER_PARAMS, title: 'string!', context: 'string[]!' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const fields = filterFields(params);
      const input = { ...fields, title: params.string('title') ?? '', context: fields.context ?? [], expiresIn: expiresIn(params) ?? null };
      const data = await runMutation(services, req, res, CreateFilter, { input }, 'createFilter');
      res.json(filterToMastodon(data.filter));
    },
  },
  {
    method: 'get',
    path: '/api/v2/filters/keywords/:id',
    scopes: READ,
    doc: { summary: 'A keyword of a filter', responds: 'FilterKeyword' },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetFilterKeyword, { id: pathParam(req, 'id') });
      res.json(filterKeywordToMastodon(data.filterKeyword));
    },
  },
  {
    method: 'put',
    path: '/api/v2/filters/keywords/:id',
    scopes: WRITE,
    doc: { summary: 'Change a keyword', responds: 'FilterKeyword', params: { keyword: 'string', whole_word: 'boolean' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const input: UpdateFilterKeywordInput = { filterKeywordId: pathParam(req, 'id'), keyword: params.string('keyword') ?? null, wholeWord: params.boolean('whole_word') ?? null };
      const data = await runMutation(services, req, res, UpdateFilterKeyword, { input }, 'updateFilterKeyword');
      res.json(filterKeywordToMastodon(data.filterKeyword));
    },
  },
  {
    method: 'delete',
    path: '/api/v2/filters/keywords/:id',
    scopes: WRITE,
    doc: { summary: 'Remove a keyword', responds: 'Empty' },
    async handle(services, req, res) {
      await runMutation(services, req, res, DeleteFilterKeyword, { input: { filterKeywordId: pathParam(req, 'id') } }, 'deleteFilterKeyword');
      res.json({});
    },
  },
  {
    method: 'get',
    path: '/api/v2/filters/statuses/:id',
    scopes: READ,
    doc: { summary: 'A status of a filter', responds: 'FilterStatus' },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetFilterStatus, { id: pathParam(req, 'id') });
      res.json(filterStatusToMastodon(data.filterStatus));
    },
  },
  {
    method: 'delete',
    path: '/api/v2/filters/statuses/:id',
    scopes: WRITE,
    doc: { summary: 'Remove a status from a filter', responds: 'Empty' },
    async handle(services, req, res) {
      await runMutation(services, req, res, DeleteFilterStatus, { input: { filterStatusId: pathParam(req, 'id') } }, 'deleteFilterStatus');
      res.json({});
    },
  },
  {
    method: 'get',
    path: '/api/v2/filters/:id',
    scopes: READ,
    doc: { summary: 'A filter', responds: 'Filter' },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetFilter, { id: pathParam(req, 'id') });
      res.json(filterToMastodon(data.filter));
    },
  },
  {
    method: 'put',
    path: '/api/v2/filters/:id',
    scopes: WRITE,
    doc: { summary: 'Change a filter', responds: 'Filter', params: FILTER_PARAMS },
    async handle(services, req, res) {
      const params = Params.of(req);
      const input = { ...filterFields(params), filterId: pathParam(req, 'id'), title: params.string('title') ?? null, expiresIn: expiresIn(params) };
      const data = await runMutation(services, req, res, UpdateFilter, { input }, 'updateFilter');
      res.json(filterToMastodon(data.filter));
    },
  },
  {
    method: 'delete',
    path: '/api/v2/filters/:id',
    scopes: WRITE,
    doc: { summary: 'Delete a filter', responds: 'Empty' },
    async handle(services, req, res) {
      await runMutation(services, req, res, DeleteFilter, { input: { filterId: pathParam(req, 'id') } }, 'deleteFilter');
      res.json({});
    },
  },
  {
    method: 'get',
    path: '/api/v2/filters/:id/keywords',
    scopes: READ,
    doc: { summary: "A filter's keywords", responds: ['FilterKeyword'] },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetFilter, { id: pathParam(req, 'id') });
      res.json(data.filter.keywords.map(filterKeywordToMastodon));
    },
  },
  {
    method: 'post',
    path: '/api/v2/filters/:id/keywords',
    scopes: WRITE,
    doc: { summary: 'Add a keyword to a filter', responds: 'FilterKeyword', params: { keyword: 'string!', whole_word: 'boolean' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const input = { filterId: pathParam(req, 'id'), keyword: params.string('keyword') ?? '', wholeWord: params.boolean('whole_word') ?? null };
      const data = await runMutation(services, req, res, AddFilterKeyword, { input }, 'addFilterKeyword');
      res.json(filterKeywordToMastodon(data.filterKeyword));
    },
  },
  {
    method: 'get',
    path: '/api/v2/filters/:id/statuses',
    scopes: READ,
    doc: { summary: "A filter's statuses", responds: ['FilterStatus'] },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetFilter, { id: pathParam(req, 'id') });
      res.json(data.filter.statuses.map(filterStatusToMastodon));
    },
  },
  {
    method: 'post',
    path: '/api/v2/filters/:id/statuses',
    scopes: WRITE,
    doc: { summary: 'Add a status to a filter', responds: 'FilterStatus', params: { status_id: 'string!' } },
    async handle(services, req, res) {
      const input = { filterId: pathParam(req, 'id'), statusId: Params.of(req).string('status_id') ?? '' };
      const data = await runMutation(services, req, res, AddFilterStatus, { input }, 'addFilterStatus');
      res.json(filterStatusToMastodon(data.filterStatus));
    },
  },
];
