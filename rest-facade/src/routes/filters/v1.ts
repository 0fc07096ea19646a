/**
 * v1 filters (docs/api/filters.md#v1), a view over the v2 ones: each v1 filter is one keyword of a v2 filter, its id
 * the keyword's; irreversible is the hide action. Scopes read or read:filters, write or write:filters; a user token.
 * GET /api/v1/filters: 200 [V1Filter] (keywords of every filter). GET /api/v1/filters/:id: 200 V1Filter; 404.
 * POST /api/v1/filters: phrase, context[], irreversible, whole_word (default true), expires_in. Makes a v2 filter
 *   titled with the phrase, with that one keyword. 200 V1Filter; 422.
 * PUT /api/v1/filters/:id: the same, each optional; changes the keyword and its filter. 200 V1Filter; 404, 422.
 * DELETE /api/v1/filters/:id: removes the keyword, and its filter when nothing else is left in it. 200 {}; 404.
 */
import { FILTER_FRAGMENTS } from '../../entities/filter/filter.fragment.js';
import { v1FilterToMastodon, type GqlFilter, type GqlFilterKeyword } from '../../entities/filter/to-mastodon.js';
import { operation } from '../../entities/operation.js';
import { run, runMutation } from '../../http/context.js';
import { HttpError } from '../../http/errors.js';
import { Params } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import { expiresIn, filterContexts } from './filter-params.js';
import { CreateFilter, DeleteFilter, GetFilters, UpdateFilter } from './filters.js';

const GetV1Filter = operation(
  'GetV1Filter',
  'query GetV1Filter($id: ID!) { filterKeyword(id: $id) { id keyword wholeWord filter { ...FilterFields } } }',
  FILTER_FRAGMENTS,
);
const DeleteV1Keyword = operation(
  'DeleteV1Keyword',
  'mutation DeleteV1Keyword($input: DeleteFilterKeywordInput!) { deleteFilterKeyword(input: $input) { deletedFilterKeywordId errors { code message field detail } } }',
);

type GqlV1Filter = GqlFilterKeyword & { filter: GqlFilter };

/** The v1 filter as the keyword of the filter answered. */
function v1Of(filter: GqlFilter, keywordId?: string): Record<string, unknown> {
  const keyword = keywordId === undefined ? filter.keywords[0] : filter.keywords.find((k) => k.id === keywordId);
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
      const data = await run<{ me: { filters: GqlFilter[] } }>(services, req, res, GetFilters);
      res.json(data.me.filters.flatMap((filter) => filter.keywords.map((keyword) => v1FilterToMastodon(filter, keyword))));
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
      const input = {
        title: phrase,
        context: filterContexts(params) ?? [],
        filterAction: params.boolean('irreversible') ? 'HIDE' : 'WARN',
        expiresIn: expiresIn(params) ?? null,
        keywords: [{ keyword: phrase, wholeWord: params.boolean('whole_word') ?? true }],
      };
      const data = await runMutation<{ filter: GqlFilter }>(services, req, res, CreateFilter, { input }, 'createFilter');
      res.json(v1Of(data.filter));
    },
  },
  {
    method: 'get',
    path: '/api/v1/filters/:id',
    scopes: userScopes('read:filters'),
    doc: { summary: 'A filter (v1)', responds: 'V1Filter' },
    async handle(services, req, res) {
      const data = await run<{ filterKeyword: GqlV1Filter }>(services, req, res, GetV1Filter, { id: req.params.id });
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
      const { filterKeyword } = await run<{ filterKeyword: GqlV1Filter }>(services, req, res, GetV1Filter, { id: req.params.id });
      const irreversible = params.boolean('irreversible');
      const input = {
        filterId: filterKeyword.filter.id,
        context: filterContexts(params),
        filterAction: irreversible === undefined ? null : irreversible ? 'HIDE' : 'WARN',
        expiresIn: expiresIn(params),
        keywords: [{ id: filterKeyword.id, keyword: params.string('phrase') ?? null, wholeWord: params.boolean('whole_word') ?? null }],
      };
      const data = await runMutation<{ filter: GqlFilter }>(services, req, res, UpdateFilter, { input }, 'updateFilter');
      res.json(v1Of(data.filter, filterKeyword.id));
    },
  },
  {
    method: 'delete',
    path: '/api/v1/filters/:id',
    scopes: userScopes('write:filters'),
    doc: { summary: 'Delete a filter (v1)', responds: 'Empty' },
    async handle(services, req, res) {
      const { filterKeyword } = await run<{ filterKeyword: GqlV1Filter }>(services, req, res, GetV1Filter, { id: req.params.id });
      const { filter } = filterKeyword;
      if (filter.keywords.length <= 1 && filter.statuses.length === 0) {
        await runMutation(services, req, res, DeleteFilter, { input: { filterId: filter.id } }, 'deleteFilter');
      } else {
        await runMutation(services, req, res, DeleteV1Keyword, { input: { filterKeywordId: filterKeyword.id } }, 'deleteFilterKeyword');
      }
      res.json({});
    },
  },
];
