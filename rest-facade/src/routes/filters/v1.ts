/**
 * v1 filters (docs/api/filters.md#the-v1-api), a view over the v2 ones: each v1 filter is one keyword of a v2 filter, its id
 * the keyword's; irreversible is the hide action. Scopes read or read:filters, write or write:filters; a user token.
 * GET /api/v1/filters: 200 [V1Filter] (keywords of every filter). GET /api/v1/filters/:id: 200 V1Filter; 404.
 * POST /api/v1/filters: phrase, context[], irreversible, whole_word (default true), expires_in. Makes a v2 filter
 *   titled with the phrase, with that one keyword. 200 V1Filter; 422.
 * PUT /api/v1/filters/:id: the same, each optional; changes the keyword and its filter. 200 V1Filter; 404, 422.
 * DELETE /api/v1/filters/:id: removes the keyword, and its filter when nothing else is left in it. 200 {}; 404.
 */
import { v1FilterToMastodon } from '../../entities/filter/to-mastodon.js';
import { CreateFilter, DeleteV1Filter, GetFilters, GetV1Filter, UpdateV1Filter, type CreateFilterInput, type FilterFieldsFragment, type UpdateFilterKeywordInput } from '../../gql/operations.js';
import { run, runMutation } from '../../http/context.js';
import { HttpError } from '../../http/errors.js';
import { Params, pathParam } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import { expiresIn, filterContexts } from './filter-params.js';

/** The v1 filter a new filter of one keyword is. */
function v1Of(filter: FilterFieldsFragment): Record<string, unknown> {
  const keyword = filter.keywords[0];
  if (!keyword) throw new HttpError(404, 'Record not found');
  return v1FilterToMastodon(filter, keyword);
}

const V1_PARAMS = { phrase: 'string', context: 'string[]', irreversible: 'boolean', whole_word: 'boolean', expires_in: 'integer' } as const;

export const v1FilterRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/filters',
    scopes: userScopes('read:filters'),
    doc: { summary: 'Your filters, one per keyword (v1)', responds: ['V1Filter'] },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetFilters);
      res.json(data.filters.flatMap((filter) => filter.keywords.map((keyword) => v1FilterToMastodon(filter, keyword))));
    },
  },
  {
    method: 'post',
    path: '/api/v1/filters',
    scopes: userScopes('write:filters'),
    doc: { summary: 'Create a filter (v1)', responds: 'V1Filter', params: { ...V1_PARAMS, phrase: 'string!', context: 'string[]!' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const phrase = params.string('phrase') ?? '';
      const input: CreateFilterInput = {
        title: phrase,
        context: filterContexts(params) ?? [],
        filterAction: params.boolean('irreversible') ? 'HIDE' : 'WARN',
        expiresIn: expiresIn(params) ?? null,
        keywords: [{ keyword: phrase, wholeWord: params.boolean('whole_word') ?? true }],
      };
      const data = await runMutation(services, req, res, CreateFilter, { input }, 'createFilter');
      res.json(v1Of(data.filter));
    },
  },
  {
    method: 'get',
    path: '/api/v1/filters/:id',
    scopes: userScopes('read:filters'),
    doc: { summary: 'A filter (v1)', responds: 'V1Filter' },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetV1Filter, { id: pathParam(req, 'id') });
      res.json(v1FilterToMastodon(data.filterKeyword.filter, data.filterKeyword));
    },
  },
  {
    method: 'put',
    path: '/api/v1/filters/:id',
    scopes: userScopes('write:filters'),
    doc: { summary: 'Change a filter (v1)', responds: 'V1Filter', params: V1_PARAMS },
    async handle(services, req, res) {
      const params = Params.of(req);
      const irreversible = params.boolean('irreversible');
      const input: UpdateFilterKeywordInput = {
        filterKeywordId: pathParam(req, 'id'),
        keyword: params.string('phrase') ?? null,
        wholeWord: params.boolean('whole_word') ?? null,
        context: filterContexts(params),
        filterAction: irreversible === undefined ? null : irreversible ? 'HIDE' : 'WARN',
        expiresIn: expiresIn(params),
      };
      const { filterKeyword } = await runMutation(services, req, res, UpdateV1Filter, { input }, 'updateFilterKeyword');
      res.json(v1FilterToMastodon(filterKeyword.filter, filterKeyword));
    },
  },
  {
    method: 'delete',
    path: '/api/v1/filters/:id',
    scopes: userScopes('write:filters'),
    doc: { summary: 'Delete a filter (v1)', responds: 'Empty' },
    async handle(services, req, res) {
      await runMutation(services, req, res, DeleteV1Filter, { input: { filterKeywordId: pathParam(req, 'id'), deleteEmptyFilter: true } }, 'deleteFilterKeyword');
      res.json({});
    },
  },
];
