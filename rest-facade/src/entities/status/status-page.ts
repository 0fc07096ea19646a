import type { GqlPage } from '../../http/pagination.js';
import type { GqlStatus } from './to-mastodon.js';

/** The selection of a page of statuses (spreads StatusFields from STATUS_FRAGMENTS). */
export const STATUS_PAGE_SELECTION = 'items { ...StatusFields } nextMaxId prevMinId';

/** The variables every status page takes, declared in its operation. */
export const PAGE_VARIABLES = '$maxId: ID, $sinceId: ID, $minId: ID, $limit: Int';
export const PAGE_ARGUMENTS = 'maxId: $maxId, sinceId: $sinceId, minId: $minId, limit: $limit';

export type GqlStatusPage = GqlPage<GqlStatus>;
