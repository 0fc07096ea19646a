// Mastodon's REST::FamiliarFollowersSerializer.
import { ACCOUNT_FRAGMENTS } from '../account/account.fragment.js';
import { accountToMastodon, type GqlAccount } from '../account/to-mastodon.js';

export interface GqlFamiliarFollowers {
  id: string;
  accounts: GqlAccount[];
}

export const FAMILIAR_FOLLOWERS_FRAGMENTS = [
  ...ACCOUNT_FRAGMENTS,
  `fragment FamiliarFollowersFields on FamiliarFollowers {
  id
  accounts { ...AccountFields }
}`,
];

export function familiarFollowersToMastodon(familiar: GqlFamiliarFollowers) {
  return { id: familiar.id, accounts: familiar.accounts.map(accountToMastodon) };
}
