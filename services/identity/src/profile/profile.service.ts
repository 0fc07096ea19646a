import { NO_INVALIDATION, type CacheInvalidation } from '@social/cache';
import { codePointCount, extractMentions, plainTextToHtml, statusLength, type FormatOptions } from '@social/content';
import { AppError, type ValidationDetails } from '@social/errors';
import type { AccountData, ProfileChanges, StoredField } from '../account/account.data.js';
import { NO_PROFILE_IMAGES, type ProfileImageKind, type ProfileImages, type StoredImage } from './profile-images.js';
import type { IdentityEvents } from '../oauth/token.events.js';
import type { UpdateProfileInput } from './profile.input.js';

/** Mastodon's profile limits (docs/api/accounts.md#profile-editing); the instance configuration advertises them. */
const PROFILE_LIMITS = { displayName: 30, note: 500, fields: 4, fieldName: 255, fieldValue: 255 } as const;

const PRIVACIES = new Set(['public', 'unlisted', 'private']);
const LANGUAGE = /^[a-z]{2,3}$/;

/** Mastodon's labels in "Validation failed" messages, by input field. */
const LABELS: Record<string, string> = {
  displayName: 'Display name', note: 'Note', fields: 'Fields', source: 'Source', avatar: 'Avatar', header: 'Header',
};

function tooLong(limit: number): { error: string; description: string } {
  return { error: 'ERR_TOO_LONG', description: `is too long (maximum is ${limit} characters)` };
}

/** The single paragraph plainTextToHtml wraps a one-line value in, taken off: field values are inline HTML. */
function inline(html: string): string {
  return html.startsWith('<p>') && html.endsWith('</p>') && !html.includes('</p><p>') ? html.slice(3, -4) : html;
}

/**
 * Profile edits (PATCH /api/v1/accounts/update_credentials and the
 * GraphQL updateProfile): Mastodon's validation, the note and field values
 * rendered once when saved, images processed by the media service, and the
 * account's cached renderings retired.
 */
export class ProfileService {
  private readonly localDomain: string;

  constructor(
    private readonly data: AccountData,
    private readonly publicUrl: string,
    private readonly images: ProfileImages = NO_PROFILE_IMAGES,
    private readonly invalidation: CacheInvalidation = NO_INVALIDATION,
    private readonly events: IdentityEvents | null = null,
    /** Told after an account was unlocked: the statuses service then accepts its pending follow requests (docs/api/follow-requests.md#unlocking). */
    private readonly unlocked: (accountId: bigint) => Promise<unknown> = async () => undefined,
  ) {
    this.localDomain = new URL(publicUrl).host;
  }

  async update(accountId: string, input: UpdateProfileInput): Promise<void> {
    const id = BigInt(accountId);
    const changes = this.validate(input);
    const current = (await this.data.findByIds([accountId]))[0];
    if (!current) throw AppError.invalidToken();
    const format = await this.formatOptions([input.note ?? '', ...(changes.account.fields ?? []).map((f) => f.value)]);
    if (input.note !== undefined && input.note !== null) changes.account.noteHtml = input.note ? plainTextToHtml(input.note, format) : '';
    for (const field of changes.account.fields ?? []) field.valueHtml = inline(plainTextToHtml(field.value, format));
    // Images last among the checks: a bad one fails the edit before anything is written to the account.
    const stored: Partial<Record<ProfileImageKind, StoredImage>> = {};
    try {
      for (const kind of ['avatar', 'header'] as const) {
        const file = input[kind];
        if (file) stored[kind] = await this.images.store(accountId, kind, file).catch((error: unknown) => {
          throw error instanceof AppError && !error.field ? new AppError(error.code, error.message, { field: ['input', kind], details: error.extensions.details as ValidationDetails | undefined }) : error;
        });
      }
      if (stored.avatar) Object.assign(changes.account, { avatarKey: stored.avatar.key, avatarStaticKey: stored.avatar.staticKey });
      if (stored.header) Object.assign(changes.account, { headerKey: stored.header.key, headerStaticKey: stored.header.staticKey });
      await this.data.updateProfile(id, changes);
    } catch (error) {
      await this.images.remove(Object.values(stored).flatMap(keysOf));
      throw error;
    }
    await this.invalidation.changed({ accounts: [id] });
    // Signed-in principals carry the posting defaults: the next post must see the new ones.
    if (Object.keys(changes.user).length > 0) this.events?.emit({ type: 'preferences.changed', accountId });
    if (current.locked && changes.account.locked === false) await this.unlocked(id);
    // The replaced files go once the new ones are in place.
    const replaced = [stored.avatar ? [current.avatarKey, current.avatarStaticKey] : [], stored.header ? [current.headerKey, current.headerStaticKey] : []].flat();
    await this.images.remove(replaced.filter((key): key is string => key !== null));
  }

  /** DELETE /api/v1/profile/avatar or /header: the default image back, the files removed; nothing set is fine too. */
  async removeImage(accountId: string, kind: ProfileImageKind): Promise<void> {
    const current = (await this.data.findByIds([accountId]))[0];
    if (!current) throw AppError.invalidToken();
    const keys = kind === 'avatar' ? [current.avatarKey, current.avatarStaticKey] : [current.headerKey, current.headerStaticKey];
    if (keys.every((key) => key === null)) return;
    const cleared = kind === 'avatar' ? { avatarKey: null, avatarStaticKey: null } : { headerKey: null, headerStaticKey: null };
    await this.data.updateProfile(BigInt(accountId), { account: cleared, user: {} });
    await this.invalidation.changed({ accounts: [accountId] });
    await this.images.remove(keys.filter((key): key is string => key !== null));
  }

  /** Mastodon's checks, all at once; throws a validation error naming each field, before anything is written. */
  private validate(input: UpdateProfileInput): ProfileChanges {
    const details: ValidationDetails = {};
    const add = (field: string, problem: { error: string; description: string }) => (details[field] ??= []).push(problem);
    const changes: ProfileChanges = { account: {}, user: {} };
    if (input.displayName !== undefined && input.displayName !== null) {
      if (codePointCount(input.displayName, PROFILE_LIMITS.displayName) > PROFILE_LIMITS.displayName) add('displayName', tooLong(PROFILE_LIMITS.displayName));
      changes.account.displayName = input.displayName;
    }
    if (input.note !== undefined && input.note !== null) {
      if (statusLength(input.note, '', PROFILE_LIMITS.note) > PROFILE_LIMITS.note) add('note', tooLong(PROFILE_LIMITS.note));
      changes.account.note = input.note;
    }
    for (const flag of ['locked', 'bot', 'discoverable', 'indexable', 'hideCollections'] as const) {
      const value = input[flag];
      if (typeof value === 'boolean') changes.account[flag] = value;
    }
    if (input.fields) {
      const fields: StoredField[] = input.fields
        .filter((f) => f.name.trim() !== '' || f.value.trim() !== '')
        .map((f) => ({ name: f.name.trim(), value: f.value.trim(), valueHtml: '', verifiedAt: null }));
      if (fields.length > PROFILE_LIMITS.fields) add('fields', tooLong(PROFILE_LIMITS.fields));
      if (fields.some((f) => codePointCount(f.name, PROFILE_LIMITS.fieldName) > PROFILE_LIMITS.fieldName || codePointCount(f.value, PROFILE_LIMITS.fieldValue) > PROFILE_LIMITS.fieldValue)) {
        add('fields', { error: 'ERR_TOO_LONG', description: `name or value is too long (maximum is ${PROFILE_LIMITS.fieldValue} characters)` });
      }
      changes.account.fields = fields;
    }
    const source = input.source;
    if (source?.privacy !== undefined && source.privacy !== null) {
      if (PRIVACIES.has(source.privacy)) changes.user.defaultPrivacy = source.privacy as 'public' | 'unlisted' | 'private';
      else add('source', { error: 'ERR_INCLUSION', description: 'privacy is not included in the list' });
    }
    if (typeof source?.sensitive === 'boolean') changes.user.defaultSensitive = source.sensitive;
    if (source?.language !== undefined && source.language !== null) {
      if (source.language === '' || LANGUAGE.test(source.language)) changes.user.defaultLanguage = source.language || null;
      else add('source', { error: 'ERR_INCLUSION', description: 'language is not included in the list' });
    }
    const messages = Object.entries(details).flatMap(([field, problems]) => problems.map((p) => `${LABELS[field] ?? field} ${p.description}`));
    // Each detail becomes a UserError with its field path (["input", "displayName"]).
    if (messages.length > 0) throw AppError.validation(messages, details);
    return changes;
  }

  /** Links for the local accounts a text mentions (Mastodon links a bio's mentions of known accounts only). */
  private async formatOptions(texts: string[]): Promise<FormatOptions> {
    const usernames = texts.flatMap((text) => extractMentions(text))
      .filter((m) => !m.domain || m.domain.toLowerCase() === this.localDomain.toLowerCase())
      .map((m) => m.username);
    const known = await this.data.findLocalByUsernames([...new Set(usernames)]);
    return {
      baseUrl: this.publicUrl,
      localDomain: this.localDomain,
      mentions: known.map((a) => ({ username: a.username, domain: null, url: `${this.publicUrl}/@${a.username}` })),
    };
  }
}

function keysOf(image: StoredImage): string[] {
  return image.staticKey ? [image.key, image.staticKey] : [image.key];
}
