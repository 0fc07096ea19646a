import type { GqlPage } from '../../http/pagination.js';
import type { GqlStatus } from './to-mastodon.js';

/** The selection of a page of statuses (spreads StatusFields from STATUS_FRAGMENTS), for operations still written as inline strings. @public */
export const STATUS_PAGE_SELECTION = 'items { ...StatusFields } nextMaxId prevMinId';

/** The variables every status page takes, declared in its operation. @public */
export const PAGE_VARIABLES = '$maxId: ID, $sinceId: ID, $minId: ID, $limit: Int';
/** @public */
export const PAGE_ARGUMENTS = 'maxId: $maxId, sinceId: $sinceId, minId: $minId, limit: $limit';

/** @public */
export type GqlStatusPage = GqlPage<GqlStatus>;
