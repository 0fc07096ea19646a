/**
 * GET /api/v1/featured_tags (read or read:accounts, user): your featured hashtags, oldest first. 200 [FeaturedTag].
 * POST /api/v1/featured_tags (write or write:accounts, user): name (with or without #). 200 FeaturedTag (the existing
 *   one when already featured); 422 for a blank or invalid name, or past 10 featured tags.
 * DELETE /api/v1/featured_tags/:id (write:accounts, user): 200 {}; 404 for another user's.
 * GET /api/v1/featured_tags/suggestions (read:accounts, user): your most used recent hashtags not featured yet. 200 [Tag].
 * GET /api/v1/accounts/:id/featured_tags (public; a token needs read:accounts): 200 [FeaturedTag]; 404.
 * docs/api/hashtags.md#featured-tags; Mastodon's Api::V1::FeaturedTagsController and Accounts::FeaturedTagsController.
 */
import { FEATURED_TAG_FRAGMENTS } from '../../entities/featured-tag/featured-tag.fragment.js';
import { featuredTagToMastodon, type GqlFeaturedTag } from '../../entities/featured-tag/to-mastodon.js';
import { operation } from '../../entities/operation.js';
import { TAG_FRAGMENTS } from '../../entities/tag/tag.fragment.js';
import { tagToMastodon, type GqlTag } from '../../entities/tag/to-mastodon.js';
import { run, runMutation } from '../../http/context.js';
import { USER_ERROR_FIELDS } from '../../http/errors.js';
import { Params } from '../../http/params.js';
import { publicScopes, userScopes, type Route } from '../route.js';

const GetFeaturedTags = operation('GetFeaturedTags', 'query GetFeaturedTags { featuredTags { ...FeaturedTagFields } }', FEATURED_TAG_FRAGMENTS);
const GetFeaturedTagSuggestions = operation('GetFeaturedTagSuggestions', 'query GetFeaturedTagSuggestions { featuredTagSuggestions { ...TagFields } }', TAG_FRAGMENTS);
const GetAccountFeaturedTags = operation(
  'GetAccountFeaturedTags',
  'query GetAccountFeaturedTags($id: ID!) { accountFeaturedTags(accountId: $id) { ...FeaturedTagFields } }',
  FEATURED_TAG_FRAGMENTS,
);
const CreateFeaturedTag = operation(
  'CreateFeaturedTag',
  `mutation CreateFeaturedTag($input: FeatureHashtagInput!) { result: featureHashtag(input: $input) { featuredTag { ...FeaturedTagFields } ${USER_ERROR_FIELDS} } }`,
  FEATURED_TAG_FRAGMENTS,
);
const RemoveFeaturedTag = operation(
  'RemoveFeaturedTag',
  `mutation RemoveFeaturedTag($input: RemoveFeaturedTagInput!) { result: removeFeaturedTag(input: $input) { deletedFeaturedTagId ${USER_ERROR_FIELDS} } }`,
);

const READ = userScopes('read:accounts');
const WRITE = userScopes('write:accounts');

export const featuredTagRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/featured_tags',
    scopes: READ,
    doc: { summary: 'Your featured hashtags', responds: ['FeaturedTag'] },
    async handle(services, req, res) {
      const data = await run<{ featuredTags: GqlFeaturedTag[] }>(services, req, res, GetFeaturedTags);
      res.json(data.featuredTags.map(featuredTagToMastodon));
    },
  },
  {
    method: 'post',
    path: '/api/v1/featured_tags',
    scopes: WRITE,
    doc: { summary: 'Feature a hashtag on your profile', responds: 'FeaturedTag', params: { name: 'string!' } },
    async handle(services, req, res) {
      const name = Params.of(req).string('name') ?? '';
      const { featuredTag } = await runMutation<{ featuredTag: GqlFeaturedTag }>(services, req, res, CreateFeaturedTag, { input: { name } }, 'result');
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
  {
    method: 'get',
    path: '/api/v1/featured_tags/suggestions',
    scopes: READ,
    doc: { summary: 'Your most used recent hashtags, not featured yet', responds: ['Tag'] },
    async handle(services, req, res) {
      const data = await run<{ featuredTagSuggestions: GqlTag[] }>(services, req, res, GetFeaturedTagSuggestions);
      res.json(data.featuredTagSuggestions.map(tagToMastodon));
    },
  },
  {
    method: 'get',
    path: '/api/v1/accounts/:id/featured_tags',
    scopes: publicScopes('read:accounts'),
    doc: { summary: "An account's featured hashtags", responds: ['FeaturedTag'] },
    async handle(services, req, res) {
      const data = await run<{ accountFeaturedTags: GqlFeaturedTag[] }>(services, req, res, GetAccountFeaturedTags, { id: String(req.params.id) });
      res.json(data.accountFeaturedTags.map(featuredTagToMastodon));
    },
  },
];
