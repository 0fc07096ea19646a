import DataLoader from 'dataloader';
import { parseId } from '@social/db';
import { AppError } from '@social/errors';
import { exceedsCodePoints } from '@social/content';
import type { StatusesContext } from '../context.js';
import type { Status } from '../status/status.type.js';
import type { StatusService } from '../status/status.service.js';
import type { FilterData, FilterFields, FilterKeywordRecord, FilterRecord, FilterStatusRecord, KeywordChanges } from './filter.data.js';
import { keywordPattern, matchingKeywords } from './filter-match.js';
import {
  FilterAction,
  type CreateFilterInput,
  type Filter,
  type FilterContext,
  type FilterKeyword,
  type FilterKeywordAttributes,
  type FilterResult,
  type FilterStatus,
  type UpdateFilterInput,
} from './filter.type.js';
import type { UpdateFilterKeywordInput } from './filter.payload.js';

/** Characters (code points) of a title or keyword: this server's bound (docs/limits.md). */
const TEXT_LIMIT = 256;

/** The actions a stored filter may have; another (written by hand) reads as warn, the default. */
const ACTIONS: ReadonlySet<string> = new Set([FilterAction.WARN, FilterAction.HIDE, FilterAction.BLUR]);

/** A filter that applies now, ready to match in memory. */
interface ActiveFilter {
  filter: Filter;
  context: ReadonlySet<string>;
  keywords: Array<{ keyword: string; pattern: RegExp }>;
  statusIds: ReadonlySet<string>;
}

interface RequestFilters {
  active: Promise<ActiveFilter[]>;
  /** Media descriptions and poll options, keyed by status id: read only when a keyword must be matched. */
  extraTexts: DataLoader<string, string[]>;
}

function validText(value: string | null | undefined, name: string, field: string[]): string {
  const text = (value ?? '').trim();
  if (!text) throw AppError.validation([`${name} can't be blank`], undefined, field);
  if (exceedsCodePoints(text, TEXT_LIMIT)) throw AppError.validation([`${name} is too long (maximum is ${TEXT_LIMIT} characters)`], undefined, field);
  return text;
}

function validContext(context: readonly FilterContext[] | null | undefined): string[] {
  const values = [...new Set(context ?? [])];
  if (values.length === 0) throw AppError.validation(["Context can't be blank"], undefined, ['input', 'context']);
  return values;
}

/** expires_in seconds from now; none (or 0 on update) for never. */
function expiry(expiresIn: number | null | undefined): Date | null {
  if (expiresIn === null || expiresIn === undefined || expiresIn === 0) return null;
  if (expiresIn < 0) throw AppError.validation(['Expires in must be greater than 0'], undefined, ['input', 'expiresIn']);
  return new Date(Date.now() + expiresIn * 1000);
}

/**
 * Filters (Mastodon 4's CustomFilter and its keywords and statuses;
 * docs/api/filters.md): the caller's own only, another's is the same 404 as
 * a missing one; and what they do to statuses rendered for their owner.
 */
export class FilterService {
  private readonly requests = new WeakMap<StatusesContext, RequestFilters>();

  constructor(
    private readonly data: FilterData,
    private readonly statuses: StatusService,
    /** Told the account whose filters changed (the filters_changed event). */
    private readonly changed: (accountId: string) => void,
  ) {}

  async list(ctx: StatusesContext): Promise<Filter[]> {
    return (await this.data.ofAccount(viewerOf(ctx))).map(toFilter);
  }

  async get(id: string, ctx: StatusesContext): Promise<Filter> {
    return toFilter(await this.owned(id, ctx));
  }

  async create(input: CreateFilterInput, ctx: StatusesContext): Promise<Filter> {
    const fields: FilterFields = {
      title: validText(input.title, 'Title', ['input', 'title']),
      context: validContext(input.context),
      action: input.filterAction ?? FilterAction.WARN,
      expiresAt: expiry(input.expiresIn),
    };
    const add = (input.keywords ?? []).filter((k) => !k.destroy).map((k) => newKeyword(k));
    const created = await this.data.create(viewerOf(ctx), fields, add);
    this.changed(ctx.principal.accountId as string);
    return toFilter(created);
  }

  async update(input: UpdateFilterInput, ctx: StatusesContext): Promise<Filter> {
    const filter = await this.owned(input.filterId, ctx);
    const fields: Partial<FilterFields> = {};
    if (input.title !== undefined && input.title !== null) fields.title = validText(input.title, 'Title', ['input', 'title']);
    if (input.context !== undefined && input.context !== null) fields.context = validContext(input.context);
    if (input.filterAction) fields.action = input.filterAction;
    if (input.expiresIn !== undefined) fields.expiresAt = expiry(input.expiresIn);
    const own = new Set(filter.keywords.map((k) => k.id));
    const changes: KeywordChanges = { add: [], update: [], remove: [] };
    for (const attributes of input.keywords ?? []) {
      if (attributes.id === null || attributes.id === undefined) {
        if (!attributes.destroy) changes.add.push(newKeyword(attributes));
        continue;
      }
      const id = parseId(attributes.id);
      if (id === null || !own.has(id)) throw AppError.notFound();
      if (attributes.destroy) changes.remove.push(id);
      else changes.update.push({
        id,
        keyword: attributes.keyword === null || attributes.keyword === undefined ? undefined : validText(attributes.keyword, 'Keyword', ['input', 'keywords']),
        wholeWord: attributes.wholeWord ?? undefined,
      });
    }
    const updated = await this.data.update(filter.id, fields, changes);
    this.changed(ctx.principal.accountId as string);
    return toFilter(updated);
  }

  async delete(id: string, ctx: StatusesContext): Promise<boolean> {
    await this.data.delete((await this.owned(id, ctx)).id);
    this.changed(ctx.principal.accountId as string);
    return true;
  }

  async keywords(filterId: string, ctx: StatusesContext): Promise<FilterKeyword[]> {
    return (await this.owned(filterId, ctx)).keywords.map(toKeyword);
  }

  async keyword(id: string, ctx: StatusesContext): Promise<FilterKeyword> {
    return toKeyword(await this.ownedKeyword(id, ctx));
  }

  async addKeyword(filterId: string, keyword: string, wholeWord: boolean | null | undefined, ctx: StatusesContext): Promise<FilterKeyword> {
    const filter = await this.owned(filterId, ctx);
    const added = await this.data.addKeyword(filter.id, validText(keyword, 'Keyword', ['input', 'keyword']), wholeWord ?? false);
    this.changed(ctx.principal.accountId as string);
    return toKeyword(added);
  }

  /** Changes a keyword and, when given, its filter's context, action and expiry, in one transaction. */
  async updateKeyword(id: string, input: UpdateFilterKeywordInput, ctx: StatusesContext): Promise<FilterKeyword> {
    const keyword = await this.ownedKeyword(id, ctx);
    const fields: Partial<FilterFields> = {};
    if (input.context !== undefined && input.context !== null) fields.context = validContext(input.context);
    if (input.filterAction) fields.action = input.filterAction;
    if (input.expiresIn !== undefined) fields.expiresAt = expiry(input.expiresIn);
    const change = {
      id: keyword.id,
      keyword: input.keyword === null || input.keyword === undefined ? undefined : validText(input.keyword, 'Keyword', ['input', 'keyword']),
      wholeWord: input.wholeWord ?? undefined,
    };
    const filter = await this.data.update(keyword.customFilterId, fields, { add: [], update: [change], remove: [] });
    this.changed(ctx.principal.accountId as string);
    return toKeyword(filter.keywords.find((k) => k.id === keyword.id) ?? keyword);
  }

  /** Removes a keyword; with deleteEmptyFilter, its filter too when nothing else is left in it. */
  async deleteKeyword(id: string, deleteEmptyFilter: boolean, ctx: StatusesContext): Promise<boolean> {
    const keyword = await this.ownedKeyword(id, ctx);
    const filter = deleteEmptyFilter ? await this.data.findById(keyword.customFilterId) : null;
    if (filter && filter.keywords.length <= 1 && filter.statuses.length === 0) await this.data.delete(filter.id);
    else await this.data.deleteKeyword(keyword.id);
    this.changed(ctx.principal.accountId as string);
    return true;
  }

  async filterStatuses(filterId: string, ctx: StatusesContext): Promise<FilterStatus[]> {
    return (await this.owned(filterId, ctx)).statuses.map(toFilterStatus);
  }

  async filterStatus(id: string, ctx: StatusesContext): Promise<FilterStatus> {
    return toFilterStatus(await this.ownedStatus(id, ctx));
  }

  /** Adds a status the caller may see (else 404). */
  async addStatus(filterId: string, statusId: string, ctx: StatusesContext): Promise<FilterStatus> {
    const filter = await this.owned(filterId, ctx);
    const status = await this.statuses.view(statusId, ctx);
    const added = await this.data.addStatus(filter.id, status.id);
    this.changed(ctx.principal.accountId as string);
    return toFilterStatus(added);
  }

  async deleteStatus(id: string, ctx: StatusesContext): Promise<boolean> {
    await this.data.deleteStatus((await this.ownedStatus(id, ctx)).id);
    this.changed(ctx.principal.accountId as string);
    return true;
  }

  /**
   * The viewer's filters that match the status where it is shown (any
   * context when none is named); null without a user. The viewer's filters
   * are read once per request and matched in memory
   * (docs/api/filters.md#where-they-apply). A boost of one's own post is
   * still matched (its text is someone else's choice to show again).
   */
  async filtered(status: Status, context: FilterContext | null | undefined, ctx: StatusesContext): Promise<FilterResult[] | null> {
    if (!ctx.viewer || !ctx.principal.accountId) return null;
    // One's own posts are never filtered from oneself (docs/api/filters.md#where-they-apply): publishing reads no filters.
    if (status.accountId === ctx.principal.accountId) return [];
    const request = this.request(ctx);
    const applying = (await request.active).filter((f) => !context || f.context.has(context));
    if (applying.length === 0) return [];
    const properId = status.reblogOfId ?? status.id;
    const needsText = applying.some((f) => f.keywords.length > 0);
    let texts: string[] = [];
    if (needsText) {
      const [proper, extra] = await Promise.all([ctx.statuses.load(properId), request.extraTexts.load(properId)]);
      texts = proper ? [proper.text, proper.spoilerText, ...extra] : extra;
    }
    const results: FilterResult[] = [];
    for (const active of applying) {
      const keywordMatches = matchingKeywords(active.keywords, texts);
      const statusMatches = [...new Set([status.id, properId])].filter((id) => active.statusIds.has(id));
      if (keywordMatches.length === 0 && statusMatches.length === 0) continue;
      results.push({ filter: active.filter, keywordMatches: keywordMatches.length > 0 ? keywordMatches : null, statusMatches: statusMatches.length > 0 ? statusMatches : null });
    }
    return results;
  }

  private request(ctx: StatusesContext): RequestFilters {
    let request = this.requests.get(ctx);
    if (!request) {
      const accountId = BigInt(ctx.principal.accountId as string);
      request = {
        active: this.data.active(accountId, new Date()).then((records) => records.map(toActive)),
        extraTexts: new DataLoader(async (ids: readonly string[]) => {
          const texts = await this.data.extraTexts(ids.map(BigInt));
          return ids.map((id) => texts.get(BigInt(id)) ?? []);
        }),
      };
      this.requests.set(ctx, request);
    }
    return request;
  }

  private async owned(id: string, ctx: StatusesContext): Promise<FilterRecord> {
    const parsed = parseId(id);
    const filter = parsed === null ? null : await this.data.findById(parsed);
    if (!filter || filter.accountId !== viewerOf(ctx)) throw AppError.notFound();
    return filter;
  }

  private async ownedKeyword(id: string, ctx: StatusesContext): Promise<FilterKeywordRecord> {
    const parsed = parseId(id);
    const keyword = parsed === null ? null : await this.data.keyword(parsed);
    if (!keyword || keyword.customFilter.accountId !== viewerOf(ctx)) throw AppError.notFound();
    return keyword;
  }

  private async ownedStatus(id: string, ctx: StatusesContext): Promise<FilterStatusRecord> {
    const parsed = parseId(id);
    const entry = parsed === null ? null : await this.data.filterStatus(parsed);
    if (!entry || entry.customFilter.accountId !== viewerOf(ctx)) throw AppError.notFound();
    return entry;
  }
}

function newKeyword(attributes: FilterKeywordAttributes): { keyword: string; wholeWord: boolean } {
  return { keyword: validText(attributes.keyword, 'Keyword', ['input', 'keywords']), wholeWord: attributes.wholeWord ?? false };
}

function viewerOf(ctx: StatusesContext): bigint {
  return BigInt(ctx.principal.accountId as string);
}

function toKeyword(record: FilterKeywordRecord): FilterKeyword {
  return { id: record.id.toString(), keyword: record.keyword, wholeWord: record.wholeWord, filterId: record.customFilterId.toString() };
}

function toFilterStatus(record: FilterStatusRecord): FilterStatus {
  return { id: record.id.toString(), statusId: record.statusId.toString(), filterId: record.customFilterId.toString() };
}

function toFilter(record: FilterRecord): Filter {
  return {
    id: record.id.toString(),
    title: record.title,
    context: record.context,
    expiresAt: record.expiresAt,
    filterAction: ACTIONS.has(record.action) ? record.action : FilterAction.WARN,
    keywords: record.keywords.map(toKeyword),
    statuses: record.statuses.map(toFilterStatus),
  };
}

function toActive(record: FilterRecord): ActiveFilter {
  return {
    filter: toFilter(record),
    context: new Set(record.context),
    keywords: record.keywords.map((k) => ({ keyword: k.keyword, pattern: keywordPattern(k.keyword, k.wholeWord) })),
    statusIds: new Set(record.statuses.map((s) => s.statusId.toString())),
  };
}
