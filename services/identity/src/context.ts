import DataLoader from 'dataloader';
import type { BaseContext, Principal } from '@social/federation';
import type { AccountRecord } from './account/account.data.js';
import type { AccountData } from './account/account.data.js';
import type { ApplicationData, ApplicationRecord } from './application/application.data.js';

export interface IdentityContext extends BaseContext {
  readonly accounts: DataLoader<string, AccountRecord | null>;
  readonly applications: DataLoader<string, ApplicationRecord | null>;
}

/** Per-request context: fresh loaders so batching and caching never cross requests. */
export function createIdentityContext(
  data: { accounts: AccountData; applications: ApplicationData },
  principal: Principal,
  requestId: string,
): IdentityContext {
  return {
    principal,
    requestId,
    accounts: new DataLoader((ids) => data.accounts.findByIds(ids, principal.accountId)),
    applications: new DataLoader((ids) => data.applications.findByIds(ids)),
  };
}
