import type { CacheInvalidation } from '@social/cache';
import { AppError, ErrorCode, orNullIfNotFound } from '@social/errors';
import { extractHashtags, normalizeHashtag, plainTextToHtml, statusExceeds } from '@social/content';
import { parseId } from '@social/db';
import { instanceOf } from '@social/federation';
import { STATUS_LIMITS, type StatusesConfig } from '../config.js';
import type { StatusesContext } from '../context.js';
import { statusCreated, statusDeleted, type StatusEvents } from '../events.js';
import type { MentionService } from '../mention/mention.service.js';
import type { CreatedStatus, NewStatus, PublishWrite, StatusData, StatusRecord, StatusWrite } from './status.data.js';
import { Status, StatusVisibility, type PublishStatusInput, type StatusMention, type StatusTag } from './status.type.js';
import { canView, shownDespiteSuspension } from './visibility.js';
import { excludes } from '../block/safety-rules.js';
import { cursors } from '../page/page.js';
import { newPoll } from '../poll/poll.service.js';
import type { StatusPage } from '../page/page.type.js';

export interface PublishOptions {
  /** The scheduled status being published: its media are taken over. */
  scheduledStatusId?: bigint | null;
  /** Writes committed with the status (the scheduled row marked published). */
  writes?: PublishWrite[];
}

const LANGUAGE = /^([a-z]{2,3})(?:[-_][a-z0-9]{2,8})?$/i;

/** One row per normalized tag, keeping the first spelling used. */
export function uniqueTags(tags: string[]): Array<{ name: string; displayName: string }> {
  const byName = new Map<string, string>();
  for (const tag of tags) {
    const name = normalizeHashtag(tag);
    if (name && !byName.has(name)) byName.set(name, tag);
  }
  return [...byName].map(([name, displayName]) => ({ name, displayName }));
}

/** The rules of posting, viewing and deleting statuses (Mastodon's PostStatusService and policies). */
/** What the publishing write learned besides the status, for the hooks that run after it. */
export interface PublishFacts {
  /** Followers who asked to be notified of the author's posts in this one's language. */
  subscribers: bigint[];
}

/** Rendered contents kept (./status.service.ts `html`): the hot statuses of a server, a few MB at most. */
const RENDERED_CONTENTS = 5_000;

export class StatusService {
  private readonly localDomain: string;
  /**
   * HTML per text and mentioned accounts: a status's content renders the same
   * on every read (its text and mentions are its version's), and rendering
   * (entity extraction, escaping, links) was 2-3 % of a thread's CPU. Cleared
   * when full rather than ordered: a refill costs what a miss costs now.
   */
  private readonly renderedContents = new Map<string, string>();
  /** Run before a delete, so the answer can still show what goes with the status (its poll). */
  private readonly beforeDeleteHooks: Array<(record: StatusRecord, ctx: StatusesContext) => Promise<unknown>> = [];
  /** Run once a new status committed (its mention and subscriber notifications). */
  private readonly afterCreateHooks: Array<(record: StatusRecord, facts: PublishFacts) => Promise<unknown>> = [];
  private readonly publishWrites: Array<(status: NewStatus) => PublishWrite | null> = [];
  private readonly deleteWrites: Array<(status: StatusRecord) => StatusWrite | null> = [];

  constructor(
    private readonly data: StatusData,
    private readonly config: StatusesConfig,
    private readonly events: StatusEvents,
    private readonly mentions: MentionService,
    private readonly invalidation: CacheInvalidation,
  ) {
    // A mention cannot carry a port, so the host name alone decides what is local.
    this.localDomain = new URL(config.publicUrl).hostname;
  }

  /** The status if the caller may see it; missing and hidden are the same 404. */
  async view(id: string, ctx: StatusesContext): Promise<StatusRecord> {
    const record = parseId(id) ? await ctx.statuses.load(id) : null;
    if (!record || !(await canView(record, ctx.principal, ctx))) throw AppError.notFound();
    return record;
  }

  /** Checks a new status and resolves what it refers to, without writing (scheduling checks with it too). */
  async prepare(input: PublishStatusInput, ctx: StatusesContext): Promise<NewStatus> {
    const principal = ctx.principal;
    const spoilerText = (input.spoilerText ?? '').trim();
    let text = input.status ?? '';
    if (!text.trim()) {
      // Mastodon fills a blank text under a content warning with a placeholder.
      if (!spoilerText && !input.mediaIds?.length) throw AppError.validation(["Text can't be blank"], undefined, ['input', 'status']);
      if (spoilerText) text = '.';
    }
    if (statusExceeds(text, spoilerText, STATUS_LIMITS.maxCharacters)) {
      throw AppError.validation([`Text character limit of ${STATUS_LIMITS.maxCharacters} exceeded`], undefined, ['input', 'status']);
    }
    const idempotencyKey = input.idempotencyKey?.trim() || null;
    // Keys are kept in a unique index, whose entries PostgreSQL caps at about 2,700 bytes.
    if (idempotencyKey !== null && idempotencyKey.length > STATUS_LIMITS.maxIdempotencyKeyLength) {
      throw AppError.validation([`Idempotency key is too long (maximum is ${STATUS_LIMITS.maxIdempotencyKeyLength} characters)`], undefined, ['input', 'idempotencyKey']);
    }
    const poll = newPoll(input.poll, (input.mediaIds?.length ?? 0) > 0);
    let inReplyTo: { id: bigint; accountId: bigint; conversationId: bigint | null } | null = null;
    if (input.inReplyToId) {
      const parent = await orNullIfNotFound(this.view(input.inReplyToId, ctx));
      if (!parent) throw new AppError(ErrorCode.NOT_FOUND, 'The post you are trying to reply to does not appear to exist.', { field: ['input', 'inReplyToId'] });
      inReplyTo = { id: parent.id, accountId: parent.accountId, conversationId: parent.conversationId };
    }
    const accountId = BigInt(principal.accountId as string);
    // What the request leaves out comes from the author's posting defaults, as in Mastodon
    // (docs/api/statuses.md#posting-defaults): on a signed-in request's principal, read only for a job's.
    const needsDefaults = !input.visibility || typeof input.sensitive !== 'boolean' || !input.language;
    const defaults = needsDefaults ? (principal.postingDefaults ?? (await this.data.postingDefaults(accountId))) : null;
    return {
      accountId,
      applicationId: principal.applicationId ? BigInt(principal.applicationId) : null,
      text,
      spoilerText,
      sensitive: (input.sensitive ?? defaults?.sensitive ?? false) || spoilerText.length > 0,
      visibility: input.visibility ?? (defaults?.visibility as StatusVisibility | undefined) ?? StatusVisibility.PUBLIC,
      language: this.language(input.language || defaults?.language),
      inReplyTo,
      tags: uniqueTags(extractHashtags(text)),
      mentionedAccountIds: await this.mentions.resolve(text),
      idempotencyKey,
      mediaIds: input.mediaIds ?? [],
      poll,
    };
  }

  /**
   * Publishes a status. A scheduled status coming due passes its id (its
   * media move to the status) and writes that commit with the status.
   */
  async publish(input: PublishStatusInput, ctx: StatusesContext, options: PublishOptions = {}): Promise<StatusRecord> {
    const prepared = await this.prepare(input, ctx);
    const result = await this.data.create({
      ...prepared,
      scheduledStatusId: options.scheduledStatusId ?? null,
      writes: [...this.publishWrites.map((hook) => hook(prepared)).filter((write) => write !== null), ...(options.writes ?? [])],
    });
    if ('duplicateOf' in result) {
      // A retry: answer with the status the first request made.
      const original = result.duplicateOf ? await ctx.statuses.load(result.duplicateOf.toString()) : null;
      if (!original) throw AppError.notFound();
      return original;
    }
    const record = result.created;
    // The parent's replies_count, the author's statuses_count and last_status_at.
    await this.invalidation.countersChanged({ statuses: [record.inReplyToId], accounts: [record.accountId] });
    this.primeAnswer(result, Boolean(prepared.poll), ctx);
    this.events.emit(statusCreated(record));
    for (const announce of result.afterCommit) announce();
    await Promise.all(this.afterCreateHooks.map((hook) => hook(record, { subscribers: result.subscribers })));
    return record;
  }

  /**
   * What the answer to a publish shows, from the write itself instead of
   * reading it back: the status, the author's new counters and username, no
   * card, no poll unless made with it, and the author's own flags, all false
   * (nothing can have favourited, boosted, bookmarked or pinned it yet; a new
   * conversation is muted by nobody).
   */
  private primeAnswer({ created, authorStats, authorUsername, newConversation }: CreatedStatus, hasPoll: boolean, ctx: StatusesContext): void {
    const id = created.id.toString();
    const authorId = created.accountId.toString();
    ctx.statuses.clear(id).prime(id, created);
    ctx.accountStats.clear(authorId).prime(authorId, authorStats);
    ctx.usernames.clear(authorId).prime(authorId, authorUsername);
    ctx.published.set(id, { hasPoll });
    const viewer = ctx.viewer;
    if (!viewer || ctx.principal.accountId !== authorId) return;
    for (const flag of [viewer.favourited, viewer.reblogged, viewer.bookmarked, viewer.pinned]) flag.clear(id).prime(id, false);
    if (newConversation) viewer.muted.clear(id).prime(id, false);
  }

  afterCreate(hook: (record: StatusRecord, facts: PublishFacts) => Promise<unknown>): void {
    this.afterCreateHooks.push(hook);
  }

  /** A write other features make with new statuses, in the publish transaction (the preview-card job); null for none. */
  onPublishWrite(hook: (status: NewStatus) => PublishWrite | null): void {
    this.publishWrites.push(hook);
  }

  /** A write other features make when a status is deleted, in the delete transaction (its direct conversations); null for none. */
  onDeleteWrite(hook: (status: StatusRecord) => StatusWrite | null): void {
    this.deleteWrites.push(hook);
  }

  beforeDelete(hook: (record: StatusRecord, ctx: StatusesContext) => Promise<unknown>): void {
    this.beforeDeleteHooks.push(hook);
  }

  /** Deletes the caller's own status and returns it as it was, for redrafting. */
  async delete(id: string, ctx: StatusesContext): Promise<StatusRecord> {
    const record = parseId(id) ? await ctx.statuses.load(id) : null;
    if (!record || record.accountId.toString() !== ctx.principal.accountId) throw AppError.notFound();
    await Promise.all(this.beforeDeleteHooks.map((hook) => hook(record, ctx)));
    const deleted = await this.data.delete(record, this.deleteWrites.map((hook) => hook(record)).filter((write) => write !== null));
    if (!deleted) throw AppError.notFound();
    const { boosts } = deleted;
    // Gone with it: its boosts; counters of its parent, of what it boosted, of its author and the boosters.
    await this.invalidation.changed({
      statuses: [record.id, record.inReplyToId, record.reblogOfId, ...boosts.map((boost) => boost.id)],
      accounts: [record.accountId, ...boosts.map((boost) => boost.accountId)],
    });
    this.events.emit(statusDeleted(record));
    for (const status of boosts) {
      this.events.emit({ type: 'status.deleted', statusId: status.id.toString(), accountId: status.accountId.toString(), reblogOfId: record.id.toString() });
    }
    for (const announce of deleted.afterCommit) announce();
    return record;
  }

  /** The status a boost boosts, or the status itself: what actions on a boost act on. */
  async original(record: StatusRecord, ctx: StatusesContext): Promise<StatusRecord> {
    if (!record.reblogOfId) return record;
    const original = await ctx.statuses.load(record.reblogOfId.toString());
    if (!original) throw AppError.notFound();
    return original;
  }

  /** Re-reads a status after a write, so counters in the answer are the new ones. */
  async reload(id: bigint | string, ctx: StatusesContext): Promise<StatusRecord> {
    const key = id.toString();
    ctx.reloaded.add(key);
    const record = await ctx.statuses.clear(key).load(key);
    if (!record) throw AppError.notFound();
    return record;
  }

  /** Statuses by id in the given order, each once; missing ones are skipped, and those of suspended accounts but for their author. */
  async loadInOrder(ids: bigint[], ctx: StatusesContext): Promise<StatusRecord[]> {
    const records = (await ctx.statuses.loadMany(ids.map(String))).filter((record): record is StatusRecord => record !== null && !(record instanceof Error));
    const shown = await Promise.all(records.map((record) => shownDespiteSuspension(record, ctx)));
    return records.filter((_, i) => shown[i]);
  }

  /**
   * Those of these statuses, in the order given, that the caller may see and
   * that the caller's blocks and mutes do not leave out (the author's, and of
   * a boost the boosted status's author too): what a list shows of them, as
   * Mastodon's StatusFilter rules a thread or several statuses by id.
   */
  async listable(ids: bigint[], ctx: StatusesContext): Promise<StatusRecord[]> {
    const [records, safety] = await Promise.all([this.loadInOrder(ids, ctx), ctx.safety()]);
    const allowed = await Promise.all(
      records.map(async (record) => {
        if (excludes(safety, record.accountId.toString()) || !(await canView(record, ctx.principal, ctx))) return false;
        if (!record.reblogOfId) return true;
        const original = await ctx.statuses.load(record.reblogOfId.toString());
        return original !== null && !excludes(safety, original.accountId.toString()) && canView(original, ctx.principal, ctx);
      }),
    );
    return records.filter((_, index) => allowed[index]);
  }

  /** A hashtag (in lookup form) with its page. */
  tagOf(name: string): StatusTag {
    return { name, url: `${this.config.publicUrl}/tags/${encodeURIComponent(name)}` };
  }

  /** These statuses as nodes of a connection, in order: null for one gone since its id was read (the edge is left out). */
  async nodesOf(ids: readonly bigint[], ctx: StatusesContext): Promise<Array<Status | null>> {
    const records = await ctx.statuses.loadMany(ids.map(String));
    return Promise.all(
      records.map(async (record) => {
        if (record === null || record instanceof Error) return null;
        // As in loadInOrder: a suspended account's statuses are left out, but for their author.
        if (!(await shownDespiteSuspension(record, ctx))) return null;
        return this.toStatus(record, ctx);
      }),
    );
  }

  /** A page of statuses; the cursors are those of the rows listed (status, bookmark or favourite ids). */
  async toPage(records: StatusRecord[], rowIds: bigint[], ctx: StatusesContext): Promise<StatusPage> {
    return { items: await Promise.all(records.map((record) => this.toStatus(record, ctx))), ...cursors(rowIds) };
  }

  /** The status's mentions as shown, in order; an account gone since is left out. */
  private async mentionsOf(record: StatusRecord, ctx: StatusesContext): Promise<StatusMention[]> {
    const base = this.config.publicUrl;
    const mentioned = await ctx.usernames.loadMany(record.mentions.map((m) => m.accountId.toString()));
    return record.mentions.flatMap((m, i) => {
      const name = mentioned[i];
      return typeof name === 'string' ? [{ id: m.accountId.toString(), username: name, acct: name, url: `${base}/@${name}` }] : [];
    });
  }

  /** Text as HTML, linking the status's mentions: its own text, or a version's (docs/api/edits.md#history). */
  async contentOf(text: string, record: StatusRecord, ctx: StatusesContext): Promise<string> {
    return this.html(text, await this.mentionsOf(record, ctx));
  }

  private html(text: string, mentions: StatusMention[]): string {
    // PostgreSQL text holds no NUL: the key reads back unambiguously.
    let key = text;
    for (const mention of mentions) key += `\0${mention.username}\0${mention.url}`;
    let html = this.renderedContents.get(key);
    if (html === undefined) {
      html = plainTextToHtml(text, { baseUrl: this.config.publicUrl, localDomain: this.localDomain, mentions: mentions.map((m) => ({ ...m, domain: null })) });
      if (this.renderedContents.size >= RENDERED_CONTENTS) this.renderedContents.clear();
      this.renderedContents.set(key, html);
    }
    return html;
  }

  /** The local accounts a text mentions, in order (what publishing and editing write). */
  mentionedIn(text: string): Promise<bigint[]> {
    return this.mentions.resolve(text);
  }

  /** A language code as a status keeps it; an invalid or missing one falls back to `fallback`. */
  languageOr(value: string | null | undefined, fallback: string | null): string | null {
    // Longer than any code (and its region) can be: invalid without reading it.
    const match = value && value.length <= STATUS_LIMITS.maxLanguageLength ? LANGUAGE.exec(value.trim()) : null;
    return match ? match[1].toLowerCase() : fallback;
  }

  async toStatus(record: StatusRecord, ctx: StatusesContext): Promise<Status> {
    const base = this.config.publicUrl;
    const accountId = record.accountId.toString();
    const isAuthor = ctx.principal.accountId === accountId;
    const [username, mentions, sensitized] = await Promise.all([
      ctx.usernames.load(accountId),
      this.mentionsOf(record, ctx),
      // An account a moderator marked sensitive has every status sensitive to others (Mastodon's StatusSerializer#sensitive).
      isAuthor || record.sensitive ? false : ctx.accountStates.load(accountId).then((state) => state.sensitized),
    ]);
    const id = record.id.toString();
    return instanceOf(Status, {
      id,
      createdAt: record.createdAt,
      inReplyToId: record.inReplyToId?.toString() ?? null,
      inReplyToAccountId: record.inReplyToAccountId?.toString() ?? null,
      sensitive: record.sensitive || sensitized,
      spoilerText: record.spoilerText,
      visibility: record.visibility as StatusVisibility,
      language: record.language,
      // A boost's uri and url are its Announce activity, as in Mastodon.
      uri: `${base}/users/${username}/statuses/${id}${record.reblogOfId ? '/activity' : ''}`,
      url: record.reblogOfId ? `${base}/users/${username}/statuses/${id}/activity` : `${base}/@${username}/${id}`,
      repliesCount: record.repliesCount,
      reblogsCount: record.reblogsCount,
      favouritesCount: record.favouritesCount,
      editedAt: record.editedAt,
      content: record.reblogOfId ? '' : this.html(record.text, mentions),
      text: isAuthor ? record.text : null,
      account: { id: accountId, ...(await ctx.accountStats.load(accountId)) },
      application: isAuthor && record.applicationId ? { id: record.applicationId.toString() } : null,
      mentions,
      tags: record.tags.map(({ tag }) => this.tagOf(tag.name)),
      accountId,
      reblogOfId: record.reblogOfId?.toString() ?? null,
      conversationId: record.conversationId?.toString() ?? null,
    });
  }

  /** A region suffix is dropped (en_US -> en); an invalid code falls back silently, as in Mastodon. */
  private language(value: string | null | undefined): string | null {
    return this.languageOr(value, this.config.defaultLanguage);
  }
}
