/**
 * GET /api/v1/trends/tags (and /api/v1/trends, its deprecated alias): hashtags used lately by at least 2 accounts;
 *   limit default 10, at most 20. 200 [Tag] (history of 7 days).
 * GET /api/v1/trends/statuses: public statuses of the last 2 days favourited or boosted by at least 2 accounts, by
 *   discoverable authors; a signed-in caller's blocks and mutes left out; limit default 20, at most 40. 200 [Status].
 * GET /api/v1/trends/links: links shared lately by at least 2 accounts; limit default 10, at most 20.
 *   200 [TrendsLink] (a PreviewCard with a history of 7 days).
 * All public (a token must carry read or read:statuses), highest score first, paged by offset with a Link header
 * (next after a full page). docs/api/trends.md; Mastodon's Api::V1::Trends controllers.
 */
import { statusToMastodon, type GqlStatus } from '../../entities/status/to-mastodon.js';
import { tagToMastodon } from '../../entities/tag/to-mastodon.js';
import type { AdminTrendingLinkFieldsFragment, AdminTrendingStatusFieldsFragment, AdminTrendingTagFieldsFragment, TagFieldsFragment } from '../../gql/operations.js';
import { trendsLinkToMastodon, type GqlTrendsLink } from '../../entities/trends-link/to-mastodon.js';
import type { Operation } from '../../gateway-client.js';
import { run, runMutation } from '../../http/context.js';
import { limitParam, offsetParam, setOffsetLinkHeader } from '../../http/pagination.js';
import { Params, pathParam } from '../../http/params.js';
import { publicScopes, userScopes, type Route } from '../route.js';
import {
  ApproveTrendingLink, ApproveTrendingStatus, ApproveTrendingTag, GetAdminTrendingLinks, GetAdminTrendingStatuses, GetAdminTrendingTags, GetTrendingLinks,
  GetTrendingStatuses, GetTrendingTags, RejectTrendingLink, RejectTrendingStatus, RejectTrendingTag,
} from '../../gql/operations.js';

/** One trends list: its page size, its operation and its entity mapper. */
function trendRoute<T>(path: string, summary: string, responds: string, size: { default: number; max: number }, query: Operation, map: (item: T) => unknown): Route {
  return {
    method: 'get',
    path,
    scopes: publicScopes('read:statuses'),
    doc: { summary, responds: [responds], params: { limit: 'integer', offset: 'integer' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const page = { limit: limitParam(params, size), offset: offsetParam(params) };
      const data = await run<{ items: T[] }>(services, req, res, query, page);
      setOffsetLinkHeader(res, data.items.length, { publicUrl: services.config.publicUrl, path: req.path, ...page });
      res.json(data.items.map(map));
    },
  };
}

const TAG_PAGE = { default: 10, max: 20 } as const;

export const trendRoutes: Route[] = [
  trendRoute<TagFieldsFragment>('/api/v1/trends/tags', 'Trending hashtags', 'Tag', TAG_PAGE, GetTrendingTags, tagToMastodon),
  // Mastodon's deprecated alias of trends/tags.
  trendRoute<TagFieldsFragment>('/api/v1/trends', 'Trending hashtags (deprecated alias of /api/v1/trends/tags)', 'Tag', TAG_PAGE, GetTrendingTags, tagToMastodon),
  trendRoute<GqlStatus>('/api/v1/trends/statuses', 'Trending statuses', 'Status', { default: 20, max: 40 }, GetTrendingStatuses, (status) => statusToMastodon(status)),
  trendRoute<GqlTrendsLink>('/api/v1/trends/links', 'Trending links', 'TrendsLink', { default: 10, max: 20 }, GetTrendingLinks, trendsLinkToMastodon),
];

/** Mastodon's Admin::Tag: the Tag with its id and review. */
function adminTagToMastodon(item: AdminTrendingTagFieldsFragment): Record<string, unknown> {
  return { ...tagToMastodon(item.tag), id: item.id, trendable: item.trendable, usable: true, requires_review: item.requiresReview, listable: true };
}

/** Mastodon's admin view of a link: the TrendsLink with its preview card's id and review. */
function adminLinkToMastodon(item: AdminTrendingLinkFieldsFragment): Record<string, unknown> {
  return { ...trendsLinkToMastodon(item.link), id: item.id, trendable: item.trendable, requires_review: item.requiresReview };
}

function adminStatusToMastodon(item: AdminTrendingStatusFieldsFragment): Record<string, unknown> {
  return statusToMastodon(item.status);
}

/** The moderators' lists: everything that scores, reviewed or not; admin:read and manage_taxonomies. */
function adminTrendRoute<T>(path: string, summary: string, responds: string, size: { default: number; max: number }, query: Operation, map: (item: T) => unknown): Route {
  return { ...trendRoute<T>(path, summary, responds, size, query, map), scopes: userScopes('admin:read') };
}

/** POST .../:id/approve or reject: the item after its review. */
function reviewRoute<Field extends string>(path: string, summary: string, responds: string, operation: Operation, field: Field, idField: string, map: (item: never) => unknown): Route {
  return {
    method: 'post',
    path,
    scopes: userScopes('admin:write'),
    doc: { summary, responds },
    async handle(services, req, res) {
      const payload = await runMutation<Record<string, unknown>>(services, req, res, operation, { input: { [idField]: pathParam(req, 'id') } }, field);
      res.json(map(payload[field.replace(/^(approve|reject)/, '').replace(/^./, (c) => c.toLowerCase())] as never));
    },
  };
}

/**
 * The review of trends (docs/api/trends.md#review; Mastodon's Api::V1::Admin::Trends controllers), for a role with
 * manage_taxonomies. GET /api/v1/admin/trends/tags (Admin::Tag[]), /statuses (Status[]), /links (TrendsLink[] with id,
 * trendable, requires_review), paged by limit and offset as the public lists; POST .../:id/approve and .../:id/reject
 * answer the item after its review (a link's id is its preview card's); 404 for an unknown id.
 */
export const adminTrendRoutes: Route[] = [
  adminTrendRoute<AdminTrendingTagFieldsFragment>('/api/v1/admin/trends/tags', 'Trending hashtags, for review', 'AdminTag', TAG_PAGE, GetAdminTrendingTags, adminTagToMastodon),
  adminTrendRoute<AdminTrendingStatusFieldsFragment>('/api/v1/admin/trends/statuses', 'Trending statuses, for review', 'Status', { default: 20, max: 40 }, GetAdminTrendingStatuses, adminStatusToMastodon),
  adminTrendRoute<AdminTrendingLinkFieldsFragment>('/api/v1/admin/trends/links', 'Trending links, for review', 'AdminTrendsLink', { default: 10, max: 20 }, GetAdminTrendingLinks, adminLinkToMastodon),
  reviewRoute('/api/v1/admin/trends/tags/:id/approve', 'Let a hashtag trend', 'AdminTag', ApproveTrendingTag, 'approveTrendingTag', 'tagId', adminTagToMastodon),
  reviewRoute('/api/v1/admin/trends/tags/:id/reject', 'Keep a hashtag out of trends', 'AdminTag', RejectTrendingTag, 'rejectTrendingTag', 'tagId', adminTagToMastodon),
  reviewRoute('/api/v1/admin/trends/statuses/:id/approve', 'Let a status trend', 'Status', ApproveTrendingStatus, 'approveTrendingStatus', 'statusId', adminStatusToMastodon),
  reviewRoute('/api/v1/admin/trends/statuses/:id/reject', 'Keep a status out of trends', 'Status', RejectTrendingStatus, 'rejectTrendingStatus', 'statusId', adminStatusToMastodon),
  reviewRoute('/api/v1/admin/trends/links/:id/approve', 'Let a link trend', 'AdminTrendsLink', ApproveTrendingLink, 'approveTrendingLink', 'linkId', adminLinkToMastodon),
  reviewRoute('/api/v1/admin/trends/links/:id/reject', 'Keep a link out of trends', 'AdminTrendsLink', RejectTrendingLink, 'rejectTrendingLink', 'linkId', adminLinkToMastodon),
];
