import { AppError } from '@social/errors';
import type { Principal } from '@social/federation';
import type { BlocksData } from './blocks.data.js';
import { canonicalEmailHash, domainWithParents, emailDomain } from './email-domain.js';

/**
 * What the IP blocks decide about a sign-up (docs/api/moderation.md#ip-blocks),
 * from the block the gateway found for the client's address (the principal's
 * `ipBlock`): sign_up_block refuses it with Mastodon's 403 (AppSignUpService's
 * NotPermittedError); sign_up_requires_approval leaves the account pending a
 * moderator's approval, as REGISTRATIONS_MODE=approved does for every sign-up
 * (docs/api/moderation.md#registrations).
 */
export function ipSignUpRule(principal: Principal): { approved: boolean } {
  if (principal.ipBlock === 'sign_up_block') throw AppError.notAllowed();
  return { approved: principal.ipBlock !== 'sign_up_requires_approval' };
}

/** The e-mail blocks a sign-up's address runs into (docs/api/moderation.md#e-mail-domain-blocks). */
export interface EmailRefusal {
  /** Its domain, or one above it, is blocked: Mastodon's ERR_BLOCKED. */
  blockedDomain: boolean;
  /** Its canonical form is blocked: Mastodon answers it as taken. */
  canonicalBlocked: boolean;
}

/** The e-mail domain and canonical e-mail blocks, as sign-up validation checks them. */
export class EmailSignUpRules {
  constructor(private readonly data: BlocksData) {}

  /** What blocks the address; a refusal by a domain block is counted in that block's history. */
  async check(email: string, ip: string | null): Promise<EmailRefusal> {
    const domain = emailDomain(email);
    const [domainBlocks, canonical] = await Promise.all([
      domain ? this.data.emailDomainBlocksAmong(domainWithParents(domain)) : Promise.resolve([]),
      this.data.findCanonicalEmailBlockByHash(canonicalEmailHash(email)),
    ]);
    if (domainBlocks.length > 0) await this.data.recordEmailDomainAttempts(domainBlocks.map((block) => block.id), ip);
    return { blockedDomain: domainBlocks.length > 0, canonicalBlocked: canonical !== null };
  }
}
