/** What the statuses subgraph needs from its host process's configuration. */
export interface StatusesConfig {
  /** Base URL clients reach the server at. */
  publicUrl: string;
  /** Language of a post whose client sent none or an invalid one. */
  defaultLanguage: string;
  /** The background workers of this process (poll ends). */
  jobs?: { concurrency?: number; leaseMs?: number; pollIntervalMs?: number };
  /** Let the preview-card fetcher reach private, loopback and link-local addresses (CARD_FETCH_ALLOW_PRIVATE). */
  cardFetchAllowPrivate?: boolean;
  /**
   * Public trends show what no moderator has reviewed (true, the default: only rejected items are left out),
   * or only what a moderator approved (false): Mastodon's trendable_by_default (docs/api/trends.md#review).
   */
  trendableByDefault?: boolean;
  /** The server's rules, in order (INSTANCE_RULES): a report may name them by number (docs/api/moderation.md#reports). */
  rules?: string[];
}

/** Mastodon's limits, reported by the instance endpoints. */
export const STATUS_LIMITS = {
  maxCharacters: 500,
  maxMediaAttachments: 4,
  charactersReservedPerUrl: 23,
  /** This server's bound (Mastodon keeps keys in Redis, unbounded); clients send UUIDs. */
  maxIdempotencyKeyLength: 512,
  /** A language code with a region suffix and spaces around it, generously. */
  maxLanguageLength: 64,
} as const;

export const POLL_LIMITS = {
  maxOptions: 4,
  maxCharactersPerOption: 50,
  minExpiration: 300,
  maxExpiration: 2629746,
} as const;
