// Mastodon's REST::FamiliarFollowersSerializer.
import type { FamiliarFollowersFieldsFragment } from '../../gql/operations.js';
import { accountToMastodon } from '../account/to-mastodon.js';

/** The old name, for code merged from before the generated types. @deprecated Use FamiliarFollowersFieldsFragment. @public */
export type GqlFamiliarFollowers = FamiliarFollowersFieldsFragment;

export function familiarFollowersToMastodon(familiar: FamiliarFollowersFieldsFragment) {
  return { id: familiar.id, accounts: familiar.accounts.map(accountToMastodon) };
}
