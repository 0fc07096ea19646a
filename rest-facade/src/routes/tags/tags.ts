/**
 * GET /api/v1/tags/:name (public; a token needs read or read:statuses): a hashtag, any case, with or without #.
 *   200 Tag (history of 7 days; following and featuring with a user token); 404 for a name no hashtag can have.
 * POST /api/v1/tags/:name/follow and /unfollow (follow, write or write:follows, user): 200 Tag; idempotent.
 * POST /api/v1/tags/:name/feature and /unfeature (write or write:accounts, user): 200 Tag; 422 past 10 featured.
 * GET /api/v1/followed_tags (follow, read or read:follows, user): followed hashtags, newest follow first; max_id,
 *   since_id, min_id are follow ids; limit default 100, at most 200; Link header.
 * docs/api/hashtags.md; Mastodon's Api::V1::TagsController and FollowedTagsController.
 */
import { tagToMastodon } from '../../entities/tag/to-mastodon.js';
import type { Operation } from '../../gateway-client.js';
import {
  FeatureHashtag, FollowHashtag, GetFollowedTags, GetTag, UnfeatureHashtag, UnfollowHashtag,
  type TagFieldsFragment, type UserErrorFieldsFragment,
} from '../../gql/operations.js';
import { run, runMutation } from '../../http/context.js';
import { HttpError } from '../../http/errors.js';
import { pageQuery, setLinkHeader } from '../../http/pagination.js';
import { Params } from '../../http/params.js';
import { publicScopes, userScopes, type Route, type RouteScopes } from '../route.js';

/** Mastodon's followed_tags page size. */
const FOLLOWED_TAG_PAGE = { default: 100, max: 200 } as const;

/** A mutation (its own .graphql file beside this module) answering the hashtag as `result.hashtag`, taking `input: { name }`. */
type TagMutation = Operation<{ result: { hashtag: TagFieldsFragment | null; errors: UserErrorFieldsFragment[] } }, { input: { name: string } }>;

function writeRoute(action: string, mutation: TagMutation, scopes: RouteScopes, summary: string): Route {
  return {
    method: 'post',
    path: `/api/v1/tags/:name/${action}`,
    scopes,
    doc: { summary, responds: 'Tag' },
    async handle(services, req, res) {
      const { hashtag } = await runMutation(services, req, res, mutation, { input: { name: String(req.params.name) } }, 'result');
      res.json(tagToMastodon(hashtag));
    },
  };
}

const FOLLOW_WRITE = userScopes('write:follows', 'follow');
const ACCOUNTS_WRITE = userScopes('write:accounts');

export const tagRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/tags/:name',
    scopes: publicScopes('read:statuses'),
    doc: { summary: 'A hashtag, with its use over 7 days', responds: 'Tag' },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetTag, { name: String(req.params.name) });
      if (data.hashtag === null) throw new HttpError(404, 'Record not found');
      res.json(tagToMastodon(data.hashtag));
    },
  },
  writeRoute('follow', FollowHashtag, FOLLOW_WRITE, 'Follow a hashtag'),
  writeRoute('unfollow', UnfollowHashtag, FOLLOW_WRITE, 'Stop following a hashtag'),
  writeRoute('feature', FeatureHashtag, ACCOUNTS_WRITE, 'Feature a hashtag on your profile'),
  writeRoute('unfeature', UnfeatureHashtag, ACCOUNTS_WRITE, 'Stop featuring a hashtag'),
  {
    method: 'get',
    path: '/api/v1/followed_tags',
    scopes: userScopes('read:follows', 'follow'),
    doc: { summary: 'The hashtags you follow', responds: ['Tag'], paged: true },
    async handle(services, req, res) {
      const params = Params.of(req);
      const page = pageQuery(params, FOLLOWED_TAG_PAGE);
      const data = await run(services, req, res, GetFollowedTags, { ...page });
      setLinkHeader(res, data.page, { publicUrl: services.config.publicUrl, path: req.path, keep: { limit: params.string('limit') }, style: 'list', limit: page.limit });
      res.json(data.page.items.map(tagToMastodon));
    },
  },
];
