import type { PolicyAction, RecipientFacts, SenderFacts } from './notification-policy.data.js';

/** The types a notification policy applies to; the others are always accepted (docs/api/notification-policy.md). */
export const FILTERABLE_TYPES = new Set<string>(['mention', 'reblog', 'follow', 'follow_request', 'favourite']);

/** An account younger than this is a "new account". */
const NEW_ACCOUNT_MS = 30 * 24 * 3600 * 1000;

export interface PolicyCase {
  type: string;
  /** A mention in a direct status that does not answer the recipient's own private mention of the sender. */
  privateMention: boolean;
  sender: SenderFacts;
  recipient: RecipientFacts;
  now: Date;
}

/**
 * What the recipient's policy does with one notification: any matching rule
 * set to drop drops it; otherwise any set to filter filters it. A sender the
 * recipient accepted, and staff mentioning, bypass the policy.
 */
export function policyAction(subject: PolicyCase): PolicyAction {
  const { type, sender, recipient } = subject;
  if (!FILTERABLE_TYPES.has(type) || recipient.permitted || (type === 'mention' && sender.staff)) return 'accept';
  const { policy, following } = recipient;
  const newAccount = subject.now.getTime() - sender.createdAt.getTime() < NEW_ACCOUNT_MS;
  const matching: PolicyAction[] = [
    ...(following ? [] : [policy.forNotFollowing]),
    ...(recipient.followedBy ? [] : [policy.forNotFollowers]),
    ...(newAccount && !following ? [policy.forNewAccounts] : []),
    ...(subject.privateMention && !following ? [policy.forPrivateMentions] : []),
    // A sender a moderator limited, whom the recipient does not follow (Mastodon's limited_accounts).
    ...(sender.limited && !following ? [policy.forLimitedAccounts] : []),
  ];
  if (matching.includes('drop')) return 'drop';
  return matching.includes('filter') ? 'filter' : 'accept';
}
