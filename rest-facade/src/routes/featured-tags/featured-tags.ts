/**
 * GET /api/v1/featured_tags (read or read:accounts, user): your featured hashtags, oldest first. 200 [FeaturedTag].
 * POST /api/v1/featured_tags (write or write:accounts, user): name (with or without #). 200 FeaturedTag (the existing
 *   one when already featured); 422 for a blank or invalid name, or past 10 featured tags.
 * DELETE /api/v1/featured_tags/:id (write:accounts, user): 200 {}; 404 for another user's.
 * GET /api/v1/featured_tags/suggestions (read:accounts, user): your most used recent hashtags not featured yet. 200 [Tag].
 * GET /api/v1/accounts/:id/featured_tags (public; a token needs read:accounts): 200 [FeaturedTag]; 404.
 * docs/api/hashtags.md#featured-tags; Mastodon's Api::V1::FeaturedTagsController and Accounts::FeaturedTagsController.
 */
import { featuredTagToMastodon } from '../../entities/featured-tag/to-mastodon.js';
import { tagToMastodon } from '../../entities/tag/to-mastodon.js';
import { CreateFeaturedTag, GetAccountFeaturedTags, GetFeaturedTags, GetFeaturedTagSuggestions, RemoveFeaturedTag } from '../../gql/operations.js';
import { run, runMutation } from '../../http/context.js';
import { Params } from '../../http/params.js';
import type { Request } from 'express';
import type { Operation } from '../../gateway-client.js';
import { publicScopes, userScopes, type Route, type RouteDoc, type RouteScopes } from '../route.js';

const READ = userScopes('read:accounts');
const WRITE = userScopes('write:accounts');

/** A GET answering one list the operation returns as `items`, each item mapped to its Mastodon entity. */
function listRoute<T, V extends object>(
  path: string,
  scopes: RouteScopes,
  doc: RouteDoc,
  query: Operation<{ items: T[] }, V>,
  toMastodon: (item: T) => unknown,
  variables: (req: Request) => V = () => ({}) as V,
): Route {
  return {
    method: 'get',
    path,
    scopes,
    doc,
    async handle(services, req, res) {
      const data = await run(services, req, res, query, variables(req));
      res.json(data.items.map(toMastodon));
    },
  };
}

export const featuredTagRoutes: Route[] = [
  listRoute('/api/v1/featured_tags', READ, { summary: 'Your featured hashtags', responds: ['FeaturedTag'] }, GetFeaturedTags, featuredTagToMastodon),
  {
    method: 'post',
    path: '/api/v1/featured_tags',
    scopes: WRITE,
    doc: { summary: 'Feature a hashtag on your profile', responds: 'FeaturedTag', params: { name: 'string!' } },
    async handle(services, req, res) {
      const name = Params.of(req).string('name') ?? '';
      const { featuredTag } = await runMutation(services, req, res, CreateFeaturedTag, { input: { name } }, 'result');
      res.json(featuredTagToMastodon(featuredTag));
    },
  },
  {
    method: 'delete',
    path: '/api/v1/featured_tags/:id',
    scopes: WRITE,
    doc: { summary: 'Stop featuring a hashtag', responds: 'Empty' },
    async handle(services, req, res) {
      await runMutation(services, req, res, RemoveFeaturedTag, { input: { featuredTagId: String(req.params.id) } }, 'result');
      res.json({});
    },
  },
  listRoute(
    '/api/v1/featured_tags/suggestions',
    READ,
    { summary: 'Your most used recent hashtags, not featured yet', responds: ['Tag'] },
    GetFeaturedTagSuggestions,
    tagToMastodon,
  ),
  listRoute(
    '/api/v1/accounts/:id/featured_tags',
    publicScopes('read:accounts'),
    { summary: "An account's featured hashtags", responds: ['FeaturedTag'] },
    GetAccountFeaturedTags,
    featuredTagToMastodon,
    (req) => ({ id: String(req.params.id) }),
  ),
];
