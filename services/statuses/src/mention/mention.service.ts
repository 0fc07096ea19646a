import { extractMentions } from '@social/content';
import type { MentionData } from './mention.data.js';

/**
 * Mastodon's ProcessMentionsService for a local post: each `@user` (or
 * `@user@<this domain>`) naming a local account becomes a mention, once per
 * account, in order of appearance. Remote handles stay text: nothing here
 * federates.
 */
export class MentionService {
  /** A mention cannot carry a port, so the host name alone decides what is local. */
  private readonly localDomain: string;

  constructor(
    private readonly data: MentionData,
    publicUrl: string,
  ) {
    this.localDomain = new URL(publicUrl).hostname.toLowerCase();
  }

  isLocalDomain(domain: string | undefined): boolean {
    return domain === undefined || domain.toLowerCase() === this.localDomain;
  }

  /** The mentioned accounts' ids, in order of first appearance. */
  async resolve(text: string): Promise<bigint[]> {
    const names = extractMentions(text)
      .filter((mention) => this.isLocalDomain(mention.domain))
      .map((mention) => mention.username.toLowerCase());
    const accounts = await this.data.localAccounts([...new Set(names)]);
    const ids = names.map((name) => accounts.get(name)?.id).filter((id): id is bigint => id !== undefined);
    return [...new Map(ids.map((id) => [id.toString(), id])).values()];
  }
}
