// Mastodon's REST::ListSerializer.
import type { ListFieldsFragment } from '../../gql/operations.js';

/** The old name, for code merged from before the generated types. @deprecated Use ListFieldsFragment. @public */
export type GqlList = ListFieldsFragment;

export function listToMastodon(list: ListFieldsFragment): Record<string, unknown> {
  return { id: list.id, title: list.title, replies_policy: list.repliesPolicy.toLowerCase(), exclusive: list.exclusive };
}
