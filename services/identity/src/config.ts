import type { PasswordHashingLimits } from './crypto/password-hashing.js';

export type RegistrationsMode = 'open' | 'approved' | 'none';

/** What the identity subgraph needs from its host process's configuration. */
export interface IdentityConfig {
  /** Base URL clients reach the server at, e.g. https://social.example. */
  publicUrl: string;
  /** The VAPID public key announced with applications (Web Push). */
  vapidPublicKey: string;
  /** Instance title shown by the instance endpoints. */
  instanceTitle: string;
  /**
   * Who may sign up (REGISTRATIONS_MODE, docs/api/moderation.md#registrations): anyone (`open`), anyone
   * whose sign-up a moderator then approves (`approved`), or nobody (`none`).
   */
  registrationsMode: RegistrationsMode;
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
  /** The job worker's settings (the deletion of suspended accounts' data). */
  jobs?: { leaseMs?: number };
  /** Password hashes this process computes at once and lets wait (default 2 and 64). */
  passwordHashing?: PasswordHashingLimits;
}
