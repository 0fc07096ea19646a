import { ipRuleSetOf, type IpBlockRecord, type IpBlockSeverityName, type IpRuleSet } from '@social/federation';

/** Longest a rule set is kept without hearing of a change: the bound on a lost event's damage (Redis down). */
const TTL_MS = 10_000;

export interface IpAccessOptions {
  /** The IP blocks in force, from identity (in-process, or its internal route). */
  load(): Promise<IpBlockRecord[]>;
  ttlMs?: number;
  now?: () => number;
}

/**
 * The IP blocks (docs/api/moderation.md#ip-blocks) as the gateway applies
 * them to each request's client address: no_access refuses the request,
 * a sign-up severity travels with the principal to identity's sign-up.
 *
 * The rules are kept in memory and matched with node's BlockList (a request
 * costs a lookup, no I/O), read again when identity announces a change
 * (`ip_blocks.changed` on the identity channel: at once in one process, through
 * Redis in the split deployment, like a token's revocation), and at least every
 * 10 s, which bounds what a lost event could leave. Until this process listens
 * to the channel, nothing is kept: every request reads them. An expired block
 * stops matching at its time without a read.
 */
export class IpAccess {
  private rules: IpRuleSet<IpBlockSeverityName> | null = null;
  private readAt = 0;
  private generation = 0;
  private loading: Promise<IpRuleSet<IpBlockSeverityName>> | null = null;
  private enabled = false;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(private readonly options: IpAccessOptions) {
    this.ttlMs = options.ttlMs ?? TTL_MS;
    this.now = options.now ?? Date.now;
  }

  /** The process hears identity's events from now on: rule sets may be kept. */
  enable(): void {
    this.enabled = true;
  }

  /** A block changed: the next request reads them again; a read under way is not kept. */
  invalidate(): void {
    this.generation += 1;
    this.rules = null;
    this.loading = null;
  }

  /** The strongest block the address falls under, or null; undefined when the rules must be read first (then call match). */
  matchKnown(address: string): IpBlockSeverityName | null | undefined {
    if (address === '') return null;
    return this.fresh()?.match(address);
  }

  /** The strongest block the address falls under, or null. */
  async match(address: string): Promise<IpBlockSeverityName | null> {
    if (address === '') return null;
    const rules = this.fresh() ?? (await this.read());
    return rules.match(address);
  }

  private fresh(): IpRuleSet<IpBlockSeverityName> | null {
    if (this.rules && this.now() - this.readAt < this.ttlMs) return this.rules;
    return null;
  }

  private read(): Promise<IpRuleSet<IpBlockSeverityName>> {
    if (this.loading) return this.loading;
    const generation = this.generation;
    const started = this.now();
    const loading = this.options.load().then(
      (records) => {
        const rules = ipRuleSetOf(records, this.now);
        if (this.loading === loading) this.loading = null;
        if (this.enabled && generation === this.generation) {
          this.rules = rules;
          this.readAt = started;
        }
        return rules;
      },
      (error: unknown) => {
        if (this.loading === loading) this.loading = null;
        throw error;
      },
    );
    // Only kept while it can be: a read started before an invalidation must not answer those after it.
    if (this.enabled) this.loading = loading;
    return loading;
  }
}
