import type { PasswordHashingLimits } from './crypto/password-hashing.js';

/** Who sees the public domain-block list, or its comments: Mastodon's show_domain_blocks values. */
export type DomainBlocksAudience = 'all' | 'users' | 'disabled';

/** What the identity subgraph needs from its host process's configuration. */
export interface IdentityConfig {
  /** Base URL clients reach the server at, e.g. https://social.example. */
  publicUrl: string;
  /** The VAPID public key announced with applications (Web Push). */
  vapidPublicKey: string;
  /** Instance title shown by the instance endpoints. */
  instanceTitle: string;
  registrationsOpen: boolean;
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
  /** Password hashes this process computes at once and lets wait (default 2 and 64). */
  passwordHashing?: PasswordHashingLimits;
}
