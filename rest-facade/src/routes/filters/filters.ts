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
import { FILTER_FRAGMENTS } from '../../entities/filter/filter.fragment.js';
import { filterKeywordToMastodon, filterStatusToMastodon, filterToMastodon, type GqlFilter, type GqlFilterKeyword, type GqlFilterStatus } from '../../entities/filter/to-mastodon.js';
import { operation } from '../../entities/operation.js';
import { run, runMutation } from '../../http/context.js';
import { USER_ERROR_FIELDS } from '../../http/errors.js';
import { Params } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import { expiresIn, filterAction, filterContexts } from './filter-params.js';

export const GetFilters = operation('GetFilters', 'query GetFilters { filters { ...FilterFields } }', FILTER_FRAGMENTS);
const GetFilter = operation('GetFilter', 'query GetFilter($id: ID!) { filter(id: $id) { ...FilterFields } }', FILTER_FRAGMENTS);
export const CreateFilter = operation(
  'CreateFilter',
  `mutation CreateFilter($input: CreateFilterInput!) { createFilter(input: $input) { filter { ...FilterFields } ${USER_ERROR_FIELDS} } }`,
  FILTER_FRAGMENTS,
);
const UpdateFilter = operation(
  'UpdateFilter',
  `mutation UpdateFilter($input: UpdateFilterInput!) { updateFilter(input: $input) { filter { ...FilterFields } ${USER_ERROR_FIELDS} } }`,
  FILTER_FRAGMENTS,
);
const DeleteFilter = operation('DeleteFilter', `mutation DeleteFilter($input: DeleteFilterInput!) { deleteFilter(input: $input) { deletedFilterId ${USER_ERROR_FIELDS} } }`);
const GetFilterKeyword = operation('GetFilterKeyword', 'query GetFilterKeyword($id: ID!) { filterKeyword(id: $id) { id keyword wholeWord } }');
const AddFilterKeyword = operation(
  'AddFilterKeyword',
  `mutation AddFilterKeyword($input: AddFilterKeywordInput!) { addFilterKeyword(input: $input) { filterKeyword { id keyword wholeWord } ${USER_ERROR_FIELDS} } }`,
);
const UpdateFilterKeyword = operation(
  'UpdateFilterKeyword',
  `mutation UpdateFilterKeyword($input: UpdateFilterKeywordInput!) { updateFilterKeyword(input: $input) { filterKeyword { id keyword wholeWord } ${USER_ERROR_FIELDS} } }`,
);
const DeleteFilterKeyword = operation(
  'DeleteFilterKeyword',
  `mutation DeleteFilterKeyword($input: DeleteFilterKeywordInput!) { deleteFilterKeyword(input: $input) { deletedFilterKeywordId ${USER_ERROR_FIELDS} } }`,
);
const GetFilterStatus = operation('GetFilterStatus', 'query GetFilterStatus($id: ID!) { filterStatus(id: $id) { id statusId } }');
const AddFilterStatus = operation(
  'AddFilterStatus',
  `mutation AddFilterStatus($input: AddFilterStatusInput!) { addFilterStatus(input: $input) { filterStatus { id statusId } ${USER_ERROR_FIELDS} } }`,
);
const DeleteFilterStatus = operation(
  'DeleteFilterStatus',
  `mutation DeleteFilterStatus($input: DeleteFilterStatusInput!) { deleteFilterStatus(input: $input) { deletedFilterStatusId ${USER_ERROR_FIELDS} } }`,
);

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
      const data = await run<{ filters: GqlFilter[] }>(services, req, res, GetFilters);
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
      const data = await runMutation<{ filter: GqlFilter }>(services, req, res, CreateFilter, { input }, 'createFilter');
      res.json(filterToMastodon(data.filter));
    },
  },
  {
    method: 'get',
    path: '/api/v2/filters/keywords/:id',
    scopes: READ,
    doc: { summary: 'A keyword of a filter', responds: 'FilterKeyword' },
    async handle(services, req, res) {
      const data = await run<{ filterKeyword: GqlFilterKeyword }>(services, req, res, GetFilterKeyword, { id: req.params.id });
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
      const input = { filterKeywordId: req.params.id, keyword: params.string('keyword') ?? null, wholeWord: params.boolean('whole_word') ?? null };
      const data = await runMutation<{ filterKeyword: GqlFilterKeyword }>(services, req, res, UpdateFilterKeyword, { input }, 'updateFilterKeyword');
      res.json(filterKeywordToMastodon(data.filterKeyword));
    },
  },
  {
    method: 'delete',
    path: '/api/v2/filters/keywords/:id',
    scopes: WRITE,
    doc: { summary: 'Remove a keyword', responds: 'Empty' },
    async handle(services, req, res) {
      await runMutation(services, req, res, DeleteFilterKeyword, { input: { filterKeywordId: req.params.id } }, 'deleteFilterKeyword');
      res.json({});
    },
  },
  {
    method: 'get',
    path: '/api/v2/filters/statuses/:id',
    scopes: READ,
    doc: { summary: 'A status of a filter', responds: 'FilterStatus' },
    async handle(services, req, res) {
      const data = await run<{ filterStatus: GqlFilterStatus }>(services, req, res, GetFilterStatus, { id: req.params.id });
      res.json(filterStatusToMastodon(data.filterStatus));
    },
  },
  {
    method: 'delete',
    path: '/api/v2/filters/statuses/:id',
    scopes: WRITE,
    doc: { summary: 'Remove a status from a filter', responds: 'Empty' },
    async handle(services, req, res) {
      await runMutation(services, req, res, DeleteFilterStatus, { input: { filterStatusId: req.params.id } }, 'deleteFilterStatus');
      res.json({});
    },
  },
  {
    method: 'get',
    path: '/api/v2/filters/:id',
    scopes: READ,
    doc: { summary: 'A filter', responds: 'Filter' },
    async handle(services, req, res) {
      const data = await run<{ filter: GqlFilter }>(services, req, res, GetFilter, { id: req.params.id });
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
      const input = { ...filterFields(params), filterId: req.params.id, title: params.string('title') ?? null, expiresIn: expiresIn(params) };
      const data = await runMutation<{ filter: GqlFilter }>(services, req, res, UpdateFilter, { input }, 'updateFilter');
      res.json(filterToMastodon(data.filter));
    },
  },
  {
    method: 'delete',
    path: '/api/v2/filters/:id',
    scopes: WRITE,
    doc: { summary: 'Delete a filter', responds: 'Empty' },
    async handle(services, req, res) {
      await runMutation(services, req, res, DeleteFilter, { input: { filterId: req.params.id } }, 'deleteFilter');
      res.json({});
    },
  },
  {
    method: 'get',
    path: '/api/v2/filters/:id/keywords',
    scopes: READ,
    doc: { summary: "A filter's keywords", responds: ['FilterKeyword'] },
    async handle(services, req, res) {
      const data = await run<{ filter: GqlFilter }>(services, req, res, GetFilter, { id: req.params.id });
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
      const input = { filterId: req.params.id, keyword: params.string('keyword') ?? '', wholeWord: params.boolean('whole_word') ?? null };
      const data = await runMutation<{ filterKeyword: GqlFilterKeyword }>(services, req, res, AddFilterKeyword, { input }, 'addFilterKeyword');
      res.json(filterKeywordToMastodon(data.filterKeyword));
    },
  },
  {
    method: 'get',
    path: '/api/v2/filters/:id/statuses',
    scopes: READ,
    doc: { summary: "A filter's statuses", responds: ['FilterStatus'] },
    async handle(services, req, res) {
      const data = await run<{ filter: GqlFilter }>(services, req, res, GetFilter, { id: req.params.id });
      res.json(data.filter.statuses.map(filterStatusToMastodon));
    },
  },
  {
    method: 'post',
    path: '/api/v2/filters/:id/statuses',
    scopes: WRITE,
    doc: { summary: 'Add a status to a filter', responds: 'FilterStatus', params: { status_id: 'string!' } },
    async handle(services, req, res) {
      const input = { filterId: req.params.id, statusId: Params.of(req).string('status_id') ?? '' };
      const data = await runMutation<{ filterStatus: GqlFilterStatus }>(services, req, res, AddFilterStatus, { input }, 'addFilterStatus');
      res.json(filterStatusToMastodon(data.filterStatus));
    },
  },
];
