import { isIP } from 'node:net';
import { AppError, type ValidationDetails } from '@social/errors';
import { parseScopes, type Principal } from '@social/federation';
import { codePointCount, escapeHtml, exceedsCodePoints, plainTextToHtml } from '@social/content';
import { isUniqueViolation } from '@social/db';
import type { IdentityConfig } from '../config.js';
import { PasswordHashing } from '../crypto/password-hashing.js';
import { hashPassword, hashSecret, newSecret } from '../crypto/secrets.js';
import type { ApplicationRecord } from '../application/application.data.js';
import { AccountHandles } from './account-handle.js';
import type { AccountData, AccountRecord, StoredField } from './account.data.js';
import type { Account, AccountField, OAuthToken, RegisterAccountInput } from './account.type.js';
import { ipSignUpRule, type EmailSignUpRules } from '../blocks/sign-up-rules.js';

const USERNAME = /^[a-z0-9_]+$/i;
const USERNAME_LIMIT = 30;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
/** RFC 5321's longest address; checked before EMAIL, which backtracks quadratically on long input. */
const EMAIL_LIMIT = 320;
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 72;
const RESERVED_USERNAMES = new Set(['admin', 'support', 'help', 'root', 'webmaster', 'administrator', 'mod', 'moderator']);
const KNOWN_LOCALES = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;

/** A password longer than any valid one, refused before it is hashed. */
function passwordTooLong(password: string): boolean {
  return exceedsCodePoints(password, PASSWORD_MAX);
}

let decoy: Promise<string> | null = null;
function decoyHash(): Promise<string> {
  decoy ??= hashPassword(newSecret());
  return decoy;
}

/** Mastodon's field labels in "Validation failed" messages. */
const LABELS: Record<string, string> = { username: 'Username', email: 'Email', password: 'Password', agreement: 'Agreement', reason: 'Reason' };
/** Mastodon's UserInviteRequest text limit (the sign-up's reason). */
const REASON_LIMIT = 420;

/** "Username has already been taken", ...: the messages of a failed validation. */
export function validationMessages(details: ValidationDetails): string[] {
  return Object.entries(details).flatMap(([field, errors]) => errors.map((e) => `${LABELS[field] ?? field} ${e.description}`));
}

export class AccountService {
  private readonly handles: AccountHandles;

  constructor(
    private readonly data: AccountData,
    private readonly config: IdentityConfig,
    /** One per process: it bounds the process's concurrent password hashes. */
    private readonly passwords: PasswordHashing = new PasswordHashing(config.passwordHashing),
    /** The e-mail domain and canonical e-mail blocks sign-ups are checked against; none for the operator's CLI. */
    private readonly emailRules: EmailSignUpRules | null = null,
  ) {
    this.handles = new AccountHandles(config.publicUrl);
  }

  /**
   * The local account a handle names (`alice`, `@alice`, `alice@this.host`),
   * as Mastodon's lookup resolves it without WebFinger: shown as by id, a
   * suspended one included. Another server's handle is Record not found.
   */
  async lookup(handle: string): Promise<AccountRecord> {
    const username = this.handles.usernameOfHandle(handle);
    const record = username === null ? null : await this.data.findByUsername(username);
    if (!record) throw AppError.notFound();
    return record;
  }

  /**
   * The local account a WebFinger resource names. A deleted account (kept
   * suspended, without its login) is gone from discovery: Record not found.
   */
  async webfinger(resource: string): Promise<AccountRecord> {
    const username = this.handles.usernameOfResource(resource);
    const record = username === null ? null : await this.data.findByUsername(username);
    if (!record || (record.suspendedAt !== null && !record.user)) throw AppError.notFound();
    return record;
  }

  toAccount(record: AccountRecord, viewer: Principal): Account {
    const base = this.config.publicUrl;
    const missing = `${base}/avatars/original/missing.png`;
    const missingHeader = `${base}/headers/original/missing.png`;
    const file = (key: string | null, fallback: string) => (key ? `${base}/system/${key}` : fallback);
    const stored = (Array.isArray(record.fields) ? record.fields : []) as Array<Partial<StoredField>>;
    const fields: AccountField[] = stored.map((f) => ({ name: f.name ?? '', value: f.valueHtml ?? escapeHtml(f.value ?? ''), verifiedAt: f.verifiedAt ? new Date(f.verifiedAt) : null }));
    const plainFields: AccountField[] = stored.map((f) => ({ name: f.name ?? '', value: f.value ?? '', verifiedAt: f.verifiedAt ? new Date(f.verifiedAt) : null }));
    const isSelf = viewer.accountId === record.id.toString();
    // A suspended account is shown blank (Mastodon's AccountSerializer): no name, note, fields or images.
    if (record.suspendedAt !== null) {
      return {
        id: record.id.toString(), username: record.username, acct: record.username, displayName: '', locked: false, bot: false, discoverable: false,
        indexable: false, hideCollections: record.hideCollections, group: false, createdAt: record.createdAt, note: '', url: `${base}/@${record.username}`,
        uri: `${base}/users/${record.username}`, avatar: missing, avatarStatic: missing, header: missingHeader, headerStatic: missingHeader, fields: [],
        emojis: [], noindex: false, suspended: true, limited: record.silencedAt !== null, source: null,
      };
    }
    return {
      id: record.id.toString(),
      username: record.username,
      acct: record.username,
      displayName: record.displayName,
      locked: record.locked,
      bot: record.bot,
      discoverable: record.discoverable,
      indexable: record.indexable,
      hideCollections: record.hideCollections,
      group: false,
      createdAt: record.createdAt,
      // Rendered when saved (docs/api/accounts.md#profile-editing); a note stored otherwise is rendered here.
      note: record.noteHtml || (record.note ? plainTextToHtml(record.note) : ''),
      url: `${base}/@${record.username}`,
      uri: `${base}/users/${record.username}`,
      avatar: file(record.avatarKey, missing),
      avatarStatic: file(record.avatarStaticKey ?? record.avatarKey, missing),
      header: file(record.headerKey, missingHeader),
      headerStatic: file(record.headerStaticKey ?? record.headerKey, missingHeader),
      fields,
      noindex: false,
      suspended: false,
      limited: record.silencedAt !== null,
      source:
        isSelf && record.user
          ? {
              privacy: record.user.defaultPrivacy,
              sensitive: record.user.defaultSensitive,
              language: record.user.defaultLanguage,
              note: record.note,
              fields: plainFields,
              followRequestsCount: record.user.followRequestsCount ?? 0,
            }
          : null,
    };
  }

  /**
   * The account behind an e-mail address and password (password grant, the
   * authorize page's sign-in), or null. An unknown address costs a hash too,
   * so timing does not tell which addresses exist.
   */
  async authenticate(email: string, password: string): Promise<bigint | null> {
    const address = email.trim();
    // No account has such an address or password: refused before the database and scrypt.
    if (address.length > EMAIL_LIMIT || passwordTooLong(password)) return null;
    const user = await this.data.findUserByEmail(address);
    if (!user) {
      await this.passwords.verify(password, await decoyHash());
      return null;
    }
    const valid = await this.passwords.verify(password, user.passwordHash);
    // Mastodon signs in only a confirmed, approved, enabled user of an account that is not suspended.
    return valid && user.confirmedAt !== null && user.approved && !user.disabled && !user.account.suspendedAt ? user.accountId : null;
  }

  /** The account if its user may act (exists, not disabled, not suspended). */
  findActive(accountId: bigint): Promise<AccountRecord | null> {
    return this.data.findActive(accountId);
  }

  async isActive(accountId: bigint): Promise<boolean> {
    return (await this.data.findActive(accountId)) !== null;
  }

  /** Sign-up through an app token (POST /api/v1/accounts): returns the new user's token. */
  async register(input: RegisterAccountInput, application: ApplicationRecord, signUpIp: string | null | undefined, principal: Principal): Promise<OAuthToken> {
    if (this.config.registrationsMode === 'none') throw new AppError('FORBIDDEN', 'Forbidden');
    const network = ipSignUpRule(principal);
    const details = await this.validate(input);
    if (Object.keys(details).length > 0) {
      throw AppError.validation(validationMessages(details), details);
    }
    const token = newSecret();
    const created = await this.data.create({
      username: input.username,
      email: input.email.trim(),
      passwordHash: await this.passwords.hash(input.password),
      locale: input.locale && KNOWN_LOCALES.test(input.locale) ? input.locale : null,
      applicationId: application.id,
      // The facade passes the client's address; anything else a caller sends is not one.
      signUpIp: typeof signUpIp === 'string' && signUpIp.length <= 45 && isIP(signUpIp) ? signUpIp : null,
      // In approval mode, or from an address whose IP block asks for it, the user waits for a moderator:
      // no sign-in, and its token refused, until approved.
      approved: this.config.registrationsMode !== 'approved' && network.approved,
      reason: input.reason?.trim() || null,
      tokenScopes: parseScopes(application.scopes).join(' '),
      tokenHash: hashSecret(token),
    }).catch((error: unknown) => {
      // Two sign-ups racing for one name: the unique index decides.
      if (isUniqueViolation(error)) throw AppError.validation(['Username has already been taken']);
      throw error;
    });
    return { accessToken: token, tokenType: 'Bearer', scope: created.token.scopes, createdAt: created.token.createdAt };
  }

  /** Mastodon's sign-up validation, per field; also run by the admin CLI before it creates an account. */
  async validate(input: RegisterAccountInput): Promise<ValidationDetails> {
    const details: ValidationDetails = {};
    const add = (field: string, error: string, description: string) => (details[field] ??= []).push({ error, description });
    const username = input.username.trim();
    if (!username) add('username', 'ERR_BLANK', "can't be blank");
    else if (!USERNAME.test(username)) add('username', 'ERR_INVALID', 'must contain only letters, numbers and underscores');
    else if (username.length > USERNAME_LIMIT) add('username', 'ERR_TOO_LONG', `is too long (maximum is ${USERNAME_LIMIT} characters)`);
    else if (RESERVED_USERNAMES.has(username.toLowerCase())) add('username', 'ERR_RESERVED', 'is reserved');
    else if (await this.data.usernameTaken(username)) add('username', 'ERR_TAKEN', 'has already been taken');
    const email = input.email.trim();
    if (!email) add('email', 'ERR_BLANK', "can't be blank");
    else if (email.length > EMAIL_LIMIT || !EMAIL.test(email)) add('email', 'ERR_INVALID', 'is invalid');
    else if (await this.data.emailTaken(email)) add('email', 'ERR_TAKEN', 'has already been taken');
    else if (this.emailRules) {
      // Mastodon's BlacklistedEmailValidator: a blocked provider, and a blocked canonical address answered as taken.
      const refusal = await this.emailRules.check(email, typeof input.ip === 'string' && isIP(input.ip) ? input.ip : null);
      if (refusal.blockedDomain) add('email', 'ERR_BLOCKED', 'uses a disallowed e-mail provider');
      if (refusal.canonicalBlocked) add('email', 'ERR_TAKEN', 'has already been taken');
    }
    const passwordLength = codePointCount(input.password, PASSWORD_MAX);
    if (passwordLength === 0) add('password', 'ERR_BLANK', "can't be blank");
    else if (passwordLength < PASSWORD_MIN) add('password', 'ERR_TOO_SHORT', `is too short (minimum is ${PASSWORD_MIN} characters)`);
    else if (passwordLength > PASSWORD_MAX) add('password', 'ERR_TOO_LONG', `is too long (maximum is ${PASSWORD_MAX} characters)`);
    if (!input.agreement) add('agreement', 'ERR_ACCEPTED', 'must be accepted');
    if (input.reason && exceedsCodePoints(input.reason.trim(), REASON_LIMIT)) add('reason', 'ERR_TOO_LONG', `is too long (maximum is ${REASON_LIMIT} characters)`);
    return details;
  }
}
