import type { SafetyView } from './safety.data.js';

/**
 * Whether a viewer's blocks and mutes leave this account's statuses out of
 * what the server lists for them (a thread's context; the timelines have the
 * same rule in SQL, block/exclusion.ts): the viewer blocks it, it blocks the
 * viewer, or the viewer mutes it (docs/api/safety.md#where-they-apply).
 */
export function excludes(view: SafetyView, accountId: string): boolean {
  return view.blocking.has(accountId) || view.blockedBy.has(accountId) || view.muting.has(accountId);
}
