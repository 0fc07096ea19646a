import { col, sqlOf, statement, type PrismaClient } from '@social/db';

/** The filters that apply at a time (not expired), with their keywords and statuses, in one statement: read once per request that renders statuses. */
const ACTIVE = statement(
  'statuses.activeFilters',
  ['bigint', 'text'],
  {
    id: col.bigint,
    accountId: col.bigint,
    title: col.text,
    context: col.json<string[]>(),
    action: col.text,
    expiresAt: col.nullable(col.timestamp),
    keywords: col.json<Array<{ id: string; keyword: string; wholeWord: boolean }>>(),
    statuses: col.json<Array<{ id: string; statusId: string }>>(),
  },
  `SELECT f.id, f.account_id AS "accountId", f.title, to_json(f.context) AS context, f.action, f.expires_at AS "expiresAt",
    COALESCE((SELECT json_agg(json_build_object('id', k.id::text, 'keyword', k.keyword, 'wholeWord', k.whole_word) ORDER BY k.id)
      FROM custom_filter_keywords k WHERE k.custom_filter_id = f.id), '[]'::json) AS keywords,
    COALESCE((SELECT json_agg(json_build_object('id', s.id::text, 'statusId', s.status_id::text) ORDER BY s.id)
      FROM custom_filter_statuses s WHERE s.custom_filter_id = f.id), '[]'::json) AS statuses
  FROM custom_filters f
  WHERE f.account_id = $1::bigint AND (f.expires_at IS NULL OR f.expires_at > $2::timestamp)
  ORDER BY f.id`,
);

export interface FilterKeywordRecord { id: bigint; customFilterId: bigint; keyword: string; wholeWord: boolean }
export interface FilterStatusRecord { id: bigint; customFilterId: bigint; statusId: bigint }
export interface FilterRecord {
  id: bigint;
  accountId: bigint;
  title: string;
  context: string[];
  action: string;
  expiresAt: Date | null;
  keywords: FilterKeywordRecord[];
  statuses: FilterStatusRecord[];
}

export interface FilterFields { title: string; context: string[]; action: string; expiresAt: Date | null }
export interface KeywordChanges {
  add: Array<{ keyword: string; wholeWord: boolean }>;
  update: Array<{ id: bigint; keyword?: string; wholeWord?: boolean }>;
  remove: bigint[];
}

const KEYWORD_SELECT = { id: true, customFilterId: true, keyword: true, wholeWord: true } as const;
const STATUS_SELECT = { id: true, customFilterId: true, statusId: true } as const;
const FILTER_SELECT = {
  id: true, accountId: true, title: true, context: true, action: true, expiresAt: true,
  keywords: { select: KEYWORD_SELECT, orderBy: { id: 'asc' } },
  statuses: { select: STATUS_SELECT, orderBy: { id: 'asc' } },
} as const;

/** Filters, their keywords and statuses (this subgraph owns the custom_filter* tables). */
export class FilterData {
  constructor(private readonly prisma: PrismaClient) {}

  ofAccount(accountId: bigint): Promise<FilterRecord[]> {
    return this.prisma.customFilter.findMany({ where: { accountId }, select: FILTER_SELECT, orderBy: { id: 'asc' } });
  }

  /** The filters that apply now (not expired), with their keywords and statuses, in one statement: read once per request that renders statuses. */
  async active(accountId: bigint, now: Date): Promise<FilterRecord[]> {
    const rows = await sqlOf(this.prisma).query(ACTIVE, accountId, now.toISOString());
    return rows.map((row) => ({
      id: row.id,
      accountId: row.accountId,
      title: row.title,
      context: row.context,
      action: row.action,
      expiresAt: row.expiresAt,
      keywords: row.keywords.map((k) => ({ id: BigInt(k.id), customFilterId: row.id, keyword: k.keyword, wholeWord: k.wholeWord })),
      statuses: row.statuses.map((s) => ({ id: BigInt(s.id), customFilterId: row.id, statusId: BigInt(s.statusId) })),
    }));
  }

  findById(id: bigint): Promise<FilterRecord | null> {
    return this.prisma.customFilter.findUnique({ where: { id }, select: FILTER_SELECT });
  }

  create(accountId: bigint, fields: FilterFields, keywords: KeywordChanges['add']): Promise<FilterRecord> {
    return this.prisma.customFilter.create({
      data: { accountId, ...fields, keywords: { create: keywords } },
      select: FILTER_SELECT,
    });
  }

  /** Changes the filter and its keywords in one transaction; keyword ids are the filter's own (checked by the caller). */
  update(id: bigint, fields: Partial<FilterFields>, keywords: KeywordChanges): Promise<FilterRecord> {
    return this.prisma.$transaction(async (tx) => {
      if (keywords.remove.length > 0) await tx.customFilterKeyword.deleteMany({ where: { customFilterId: id, id: { in: keywords.remove } } });
      for (const change of keywords.update) {
        await tx.customFilterKeyword.updateMany({ where: { customFilterId: id, id: change.id }, data: { keyword: change.keyword, wholeWord: change.wholeWord } });
      }
      if (keywords.add.length > 0) await tx.customFilterKeyword.createMany({ data: keywords.add.map((k) => ({ ...k, customFilterId: id })) });
      return tx.customFilter.update({ where: { id }, data: { ...fields, updatedAt: new Date() }, select: FILTER_SELECT });
    });
  }

  /** Keywords and statuses go with it (ON DELETE CASCADE). */
  async delete(id: bigint): Promise<void> {
    await this.prisma.customFilter.deleteMany({ where: { id } });
  }

  keyword(id: bigint): Promise<(FilterKeywordRecord & { customFilter: { accountId: bigint } }) | null> {
    return this.prisma.customFilterKeyword.findUnique({ where: { id }, select: { ...KEYWORD_SELECT, customFilter: { select: { accountId: true } } } });
  }

  addKeyword(filterId: bigint, keyword: string, wholeWord: boolean): Promise<FilterKeywordRecord> {
    return this.prisma.customFilterKeyword.create({ data: { customFilterId: filterId, keyword, wholeWord }, select: KEYWORD_SELECT });
  }

  async deleteKeyword(id: bigint): Promise<void> {
    await this.prisma.customFilterKeyword.deleteMany({ where: { id } });
  }

  filterStatus(id: bigint): Promise<(FilterStatusRecord & { customFilter: { accountId: bigint } }) | null> {
    return this.prisma.customFilterStatus.findUnique({ where: { id }, select: { ...STATUS_SELECT, customFilter: { select: { accountId: true } } } });
  }

  /** The entry for the status, the existing one when the filter has it already. */
  async addStatus(filterId: bigint, statusId: bigint): Promise<FilterStatusRecord> {
    return this.prisma.customFilterStatus.upsert({
      where: { customFilterId_statusId: { customFilterId: filterId, statusId } },
      create: { customFilterId: filterId, statusId },
      update: {},
      select: STATUS_SELECT,
    });
  }

  async deleteStatus(id: bigint): Promise<void> {
    await this.prisma.customFilterStatus.deleteMany({ where: { id } });
  }

  /** Media descriptions and poll options of the statuses, the text keywords are matched against besides the status's own. */
  async extraTexts(statusIds: readonly bigint[]): Promise<Map<bigint, string[]>> {
    const texts = new Map<bigint, string[]>(statusIds.map((id) => [id, []]));
    if (statusIds.length === 0) return texts;
    const [media, polls] = await Promise.all([
      this.prisma.mediaAttachment.findMany({ where: { statusId: { in: [...statusIds] }, description: { not: null } }, select: { statusId: true, description: true } }),
      this.prisma.poll.findMany({ where: { statusId: { in: [...statusIds] } }, select: { statusId: true, options: true } }),
    ]);
    for (const m of media) if (m.statusId !== null && m.description) texts.get(m.statusId)?.push(m.description);
    for (const p of polls) texts.get(p.statusId)?.push(...p.options);
    return texts;
  }
}
