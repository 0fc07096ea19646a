/**
 * GET /api/v2/suggestions (read:accounts, user): accounts to follow and why; limit (40, at most 80), offset. 200 [Suggestion].
 * GET /api/v1/suggestions (read:accounts, user): the same accounts alone. 200 [Account].
 * DELETE /api/v1/suggestions/:account_id, DELETE /api/v2/suggestions/:account_id (write:accounts, user): never suggest
 *   that account again. 200 {}; 404 for an unknown account.
 * Mastodon's Api::V1::SuggestionsController and Api::V2::SuggestionsController. docs/api/accounts.md#suggestions.
 */
import { accountToMastodon } from '../../entities/account/to-mastodon.js';
import { suggestionToMastodon } from '../../entities/suggestion/to-mastodon.js';
import { run, runMutation } from '../../http/context.js';
import { limitParam, offsetParam } from '../../http/pagination.js';
import { Params, pathParam } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import { DismissSuggestion, GetSuggestions, type SuggestionFieldsFragment } from '../../gql/operations.js';

const PAGE = { default: 40, max: 80 } as const;

/** The suggestions a request asks for (limit, offset). */
function suggestionList(version: 'v1' | 'v2', map: (suggestion: SuggestionFieldsFragment) => unknown): Route {
  return {
    method: 'get',
    path: `/api/${version}/suggestions`,
    scopes: userScopes('read:accounts'),
    doc: version === 'v2'
      ? { summary: 'Accounts suggested to you to follow, and why', responds: ['Suggestion'], params: { limit: 'integer', offset: 'integer' } }
      : { summary: 'Accounts suggested to you to follow (deprecated: see /api/v2/suggestions)', responds: ['Account'], params: { limit: 'integer', offset: 'integer' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const data = await run(services, req, res, GetSuggestions, { limit: limitParam(params, PAGE), offset: offsetParam(params) });
      res.json(data.suggestions.map(map));
    },
  };
}

function dismissal(version: 'v1' | 'v2'): Route {
  return {
    method: 'delete',
    path: `/api/${version}/suggestions/:id`,
    scopes: userScopes('write:accounts'),
    doc: { summary: 'Stop suggesting an account to you', responds: 'Empty' },
    async handle(services, req, res) {
      await runMutation(services, req, res, DismissSuggestion, { input: { accountId: pathParam(req, 'id') } }, 'dismissSuggestion');
      res.json({});
    },
  };
}

export const suggestionRoutes: Route[] = [
  suggestionList('v2', suggestionToMastodon),
  suggestionList('v1', (suggestion) => accountToMastodon(suggestion.account)),
  dismissal('v2'),
  dismissal('v1'),
];
