import type { PasswordHashingLimits } from './crypto/password-hashing.js';

/** A P-256 key pair as base64url: the public key an uncompressed point (65 bytes), the private one 32 bytes. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export type RegistrationsMode = 'open' | 'approved' | 'none';

/** Who sees the public domain-block list, or its comments: Mastodon's show_domain_blocks values. */
export type DomainBlocksAudience = 'all' | 'users' | 'disabled';

/** What the identity subgraph needs from its host process's configuration. */
export interface IdentityConfig {
  /** Base URL clients reach the server at, e.g. https://social.example. */
  publicUrl: string;
  /**
   * The VAPID key pair signing Web Push (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY);
   * null: generated once and kept in the database (docs/api/push.md#vapid-keys).
   */
  vapid: VapidKeys | null;
  /** Web Push endpoints may be plain http on private, loopback and link-local addresses (PUSH_ENDPOINT_ALLOW_PRIVATE). */
  pushEndpointAllowPrivate?: boolean;
  /** Instance title shown by the instance endpoints. */
  instanceTitle: string;
  /**
   * Who may sign up (REGISTRATIONS_MODE, docs/api/moderation.md#registrations): anyone (`open`), anyone
   * whose sign-up a moderator then approves (`approved`), or nobody (`none`).
   */
  registrationsMode: RegistrationsMode;
  /**
   * Who sees the public list of domain blocks and their public comments
   * (docs/api/moderation.md#the-public-list): everyone, signed-in users, or nobody.
   * Absent: everyone, both.
   */
  showDomainBlocks?: { list: DomainBlocksAudience; rationale: DomainBlocksAudience };
  /** The server's rules, in order (INSTANCE_RULES, one per line). */
  rules?: string[];
  /** The long description, plain text (INSTANCE_EXTENDED_DESCRIPTION). */
  extendedDescription?: string;
  /** Authorized-only mode (docs/api/oauth.md#authorized-only-mode): public operations need a user token. */
  authorizedOnly: boolean;
  /**
   * Key that signs the authorize page's session cookies and form tokens. The
   * same in every identity process, so a session works whichever one answers.
   */
  sessionSecret: string;
  /** The background workers of this process (Web Push deliveries, deleting suspended accounts' data). */
  jobs?: { concurrency?: number; leaseMs?: number; pollIntervalMs?: number };
  /** Password hashes this process computes at once and lets wait (default 2 and 64). */
  passwordHashing?: PasswordHashingLimits;
}
