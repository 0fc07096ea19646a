import { AppError } from '@social/errors';
import { parseId } from '@social/db';
import type {
  BlocksData, CanonicalEmailBlockRow, DomainAllowRow, DomainBlockRow, EmailDomainBlockRow, IpBlockRow, PageWindow,
} from './blocks.data.js';
import {
  DomainBlockSeverity, IpBlockSeverity,
  type AdminCanonicalEmailBlock, type AdminDomainAllow, type AdminDomainBlock, type AdminEmailDomainBlock, type AdminIpBlock, type BlockPageArgs,
  type CreateCanonicalEmailBlockInput, type CreateDomainBlockInput, type CreateIpBlockInput, type EmailDomainBlockHistory, type InstanceDomainBlock, type Page,
  type UpdateDomainBlockInput, type UpdateIpBlockInput,
} from './blocks.type.js';
import { canonicalEmailHash, domainDigest, domainWithParents, normalizeDomain, obfuscateDomain } from './email-domain.js';
import type { DomainBlocksAudience } from '../config.js';
import { formatRange, parseRange, type Principal } from '@social/federation';

/** The admin lists' page: 100 by default, at most 200, as Mastodon's admin API. */
const BLOCK_PAGE = { default: 100, max: 200 } as const;

/** Longest moderator note or public reason kept with a block (docs/limits.md). */
const BLOCK_COMMENT_LIMIT = 1000;

/** Days of history an e-mail domain block shows, as Mastodon's. */
const HISTORY_DAYS = 7;

/** Longest expires_in of an IP block: about 100 years, past which a date is no longer a date. */
const MAX_EXPIRES_IN = 100 * 366 * 24 * 3600;

/** Whether a new block would be stricter than an existing one, as Mastodon's DomainBlock#stricter_than? decides. */
export function stricterThan(
  block: { severity: DomainBlockSeverity; rejectMedia: boolean; rejectReports: boolean },
  other: { severity: string; rejectMedia: boolean; rejectReports: boolean },
): boolean {
  if (block.severity === DomainBlockSeverity.SUSPEND) return true;
  if (other.severity === 'suspend') return false;
  if (other.severity === 'silence' && block.severity === DomainBlockSeverity.NOOP) return false;
  return (block.rejectMedia || !other.rejectMedia) && (block.rejectReports || !other.rejectReports);
}

/** Told after an IP block changed, once committed: the rule caches of every process must read them again. */
export type IpBlocksChanged = (ipBlockId: bigint) => Promise<void>;

function window(args: BlockPageArgs): PageWindow | null {
  const limit = args.limit === null || args.limit === undefined ? BLOCK_PAGE.default : Math.min(Math.abs(Math.trunc(args.limit)), BLOCK_PAGE.max);
  if (limit === 0) return null;
  const minId = parseId(args.minId);
  return { lt: parseId(args.maxId) ?? undefined, gt: minId ?? parseId(args.sinceId) ?? undefined, ascending: minId !== null, limit };
}

function page<Row extends { id: bigint }, T>(rows: Row[], map: (row: Row) => T): Page<T> {
  return {
    items: rows.map(map),
    nextMaxId: rows.length > 0 ? String(rows[rows.length - 1].id) : null,
    prevMinId: rows.length > 0 ? String(rows[0].id) : null,
  };
}

const EMPTY_PAGE = { items: [], nextMaxId: null, prevMinId: null };

function idOf(id: string): bigint {
  const parsed = parseId(id);
  if (parsed === null) throw AppError.notFound();
  return parsed;
}

function comment(value: string | null | undefined, name: string, field: string): string | null | undefined {
  if (value === undefined || value === null) return value;
  if ([...value].length > BLOCK_COMMENT_LIMIT) {
    throw AppError.validation([`${name} is too long (maximum is ${BLOCK_COMMENT_LIMIT} characters)`], undefined, ['input', field]);
  }
  return value;
}

function domainOf(text: string): string {
  if (text.trim() === '') throw AppError.validation(["Domain can't be blank"], undefined, ['input', 'domain']);
  const domain = normalizeDomain(text);
  if (!domain) throw AppError.validation(['Domain is not a valid domain name'], undefined, ['input', 'domain']);
  return domain;
}

/** A severity word of the set, in any case (Mastodon's words); another is Rails' inclusion error. */
function severityOf<T extends string>(value: string, allowed: readonly T[]): T {
  const word = value.trim().toLowerCase();
  if (!(allowed as readonly string[]).includes(word)) throw AppError.validation(['Severity is not included in the list'], undefined, ['input', 'severity']);
  return word as T;
}

const DOMAIN_SEVERITIES = Object.values(DomainBlockSeverity);
const IP_SEVERITIES = Object.values(IpBlockSeverity);

function actor(principal: Principal): bigint | null {
  return principal.accountId === null ? null : BigInt(principal.accountId);
}

function toDomainBlock(row: DomainBlockRow): AdminDomainBlock {
  return {
    id: row.id.toString(),
    domain: row.domain,
    digest: domainDigest(row.domain),
    severity: row.severity as DomainBlockSeverity,
    rejectMedia: row.rejectMedia,
    rejectReports: row.rejectReports,
    privateComment: row.privateComment,
    publicComment: row.publicComment,
    obfuscate: row.obfuscate,
    createdAt: row.createdAt,
  };
}

function toDomainAllow(row: DomainAllowRow): AdminDomainAllow {
  return { id: row.id.toString(), domain: row.domain, createdAt: row.createdAt };
}

function toIpBlock(row: IpBlockRow): AdminIpBlock {
  return { id: row.id.toString(), ip: row.ip, severity: row.severity as IpBlockSeverity, comment: row.comment, createdAt: row.createdAt, expiresAt: row.expiresAt };
}

function toCanonicalEmailBlock(row: CanonicalEmailBlockRow): AdminCanonicalEmailBlock {
  return { id: row.id.toString(), canonicalEmailHash: row.canonicalEmailHash };
}

/**
 * The moderators' blocks (docs/api/moderation.md): domain blocks and allows
 * (manage_federation), e-mail domain, IP and canonical e-mail blocks
 * (manage_blocks). Access is checked by the resolvers; each change here is
 * one transaction with its audit row.
 */
export class BlocksService {
  constructor(
    private readonly data: BlocksData,
    private readonly ipBlocksChanged: IpBlocksChanged,
    private readonly now: () => Date = () => new Date(),
  ) {}

  // ------------------------------------------------------------ domain blocks

  async domainBlocks(args: BlockPageArgs): Promise<Page<AdminDomainBlock>> {
    const w = window(args);
    return w ? page(await this.data.listDomainBlocks(w), toDomainBlock) : EMPTY_PAGE;
  }

  async domainBlock(id: string): Promise<AdminDomainBlock> {
    const row = await this.data.findDomainBlock(idOf(id));
    if (!row) throw AppError.notFound();
    return toDomainBlock(row);
  }

  /**
   * A new block, unless this domain, or a domain above it, is already blocked
   * at least as strictly (Mastodon answers that block with its 422): then
   * `existing` is it and nothing is made.
   */
  async createDomainBlock(input: CreateDomainBlockInput, principal: Principal): Promise<{ domainBlock: AdminDomainBlock | null; existing: AdminDomainBlock | null }> {
    const domain = domainOf(input.domain);
    const severity = input.severity ? severityOf(input.severity, DOMAIN_SEVERITIES) : DomainBlockSeverity.SILENCE;
    const privateComment = comment(input.privateComment, 'Private comment', 'privateComment');
    const publicComment = comment(input.publicComment, 'Public comment', 'publicComment');
    const rejectMedia = input.rejectMedia ?? false;
    const rejectReports = input.rejectReports ?? false;
    const [existing] = await this.data.domainBlocksFor(domainWithParents(domain));
    if (existing) {
      const stricter = stricterThan({ severity, rejectMedia, rejectReports }, existing);
      if (existing.domain === domain || !stricter) {
        const error = AppError.unprocessable(`You have already imposed stricter limits on ${existing.domain}.`);
        throw Object.assign(error, { existingDomainBlock: toDomainBlock(existing) });
      }
    }
    const row = await this.data.createDomainBlock(
      { domain, severity, rejectMedia, rejectReports, privateComment: privateComment ?? null, publicComment: publicComment ?? null, obfuscate: input.obfuscate ?? false },
      { actorAccountId: actor(principal), action: 'create', details: `${domain} (${severity})` },
    );
    return { domainBlock: toDomainBlock(row), existing: null };
  }

  async updateDomainBlock(input: UpdateDomainBlockInput, principal: Principal): Promise<AdminDomainBlock> {
    const id = idOf(input.domainBlockId);
    const current = await this.data.findDomainBlock(id);
    if (!current) throw AppError.notFound();
    const privateComment = comment(input.privateComment, 'Private comment', 'privateComment');
    const publicComment = comment(input.publicComment, 'Public comment', 'publicComment');
    const severity = input.severity ? severityOf(input.severity, DOMAIN_SEVERITIES) : (current.severity as DomainBlockSeverity);
    const row = await this.data.updateDomainBlock(
      id,
      {
        severity,
        rejectMedia: input.rejectMedia ?? undefined,
        rejectReports: input.rejectReports ?? undefined,
        // Absent (or null) keeps a comment; an empty one clears it.
        privateComment: privateComment ?? undefined,
        publicComment: publicComment ?? undefined,
        obfuscate: input.obfuscate ?? undefined,
      },
      { actorAccountId: actor(principal), action: 'update', details: `${current.domain} (${severity})` },
    );
    return toDomainBlock(row);
  }

  async deleteDomainBlock(id: string, principal: Principal): Promise<void> {
    const row = await this.data.findDomainBlock(idOf(id));
    if (!row) throw AppError.notFound();
    await this.data.deleteDomainBlock(row.id, { actorAccountId: actor(principal), action: 'destroy', details: row.domain });
  }

  /**
   * The public list (GET /api/v1/instance/domain_blocks): the blocks users
   * notice (silence, suspend, or rejected media), noop first, then silence,
   * then suspend, each by domain, as Mastodon's by_severity orders them; an
   * obfuscated block shows its domain starred out; the public comment only
   * to those the rationale setting names. Null: the list is not shown to this caller (404).
   */
  async publicDomainBlocks(principal: Principal, audience: { list: DomainBlocksAudience; rationale: DomainBlocksAudience }): Promise<InstanceDomainBlock[] | null> {
    const signedIn = principal.kind === 'user';
    const shown = (setting: DomainBlocksAudience) => setting === 'all' || (setting === 'users' && signedIn);
    if (!shown(audience.list)) return null;
    const withComment = shown(audience.rationale);
    const rows = (await this.data.allDomainBlocks()).filter((row) => row.severity !== 'noop' || row.rejectMedia);
    const order = { noop: 0, silence: 1, suspend: 2 } as Record<string, number>;
    rows.sort((a, b) => order[a.severity] - order[b.severity] || a.domain.localeCompare(b.domain));
    return rows.map((row) => ({
      domain: row.obfuscate ? obfuscateDomain(row.domain) : row.domain,
      digest: domainDigest(row.domain),
      severity: row.severity as DomainBlockSeverity,
      comment: withComment ? row.publicComment : null,
    }));
  }

  // ------------------------------------------------------------ domain allows

  async domainAllows(args: BlockPageArgs): Promise<Page<AdminDomainAllow>> {
    const w = window(args);
    return w ? page(await this.data.listDomainAllows(w), toDomainAllow) : EMPTY_PAGE;
  }

  async domainAllow(id: string): Promise<AdminDomainAllow> {
    const row = await this.data.findDomainAllow(idOf(id));
    if (!row) throw AppError.notFound();
    return toDomainAllow(row);
  }

  /** Allows the domain; a domain allowed already answers its allow, as Mastodon does. */
  async createDomainAllow(text: string, principal: Principal): Promise<AdminDomainAllow> {
    const domain = domainOf(text);
    const existing = await this.data.findDomainAllowByDomain(domain);
    if (existing) return toDomainAllow(existing);
    return toDomainAllow(await this.data.createDomainAllow(domain, { actorAccountId: actor(principal), action: 'create', details: domain }));
  }

  async deleteDomainAllow(id: string, principal: Principal): Promise<void> {
    const row = await this.data.findDomainAllow(idOf(id));
    if (!row) throw AppError.notFound();
    await this.data.deleteDomainAllow(row.id, { actorAccountId: actor(principal), action: 'destroy', details: row.domain });
  }

  // ------------------------------------------------------------ e-mail domain blocks

  async emailDomainBlocks(args: BlockPageArgs): Promise<Page<AdminEmailDomainBlock>> {
    const w = window(args);
    if (!w) return EMPTY_PAGE;
    return this.withHistory(await this.data.listEmailDomainBlocks(w));
  }

  async emailDomainBlock(id: string): Promise<AdminEmailDomainBlock> {
    const row = await this.data.findEmailDomainBlock(idOf(id));
    if (!row) throw AppError.notFound();
    return (await this.withHistory([row])).items[0];
  }

  async createEmailDomainBlock(text: string, principal: Principal): Promise<AdminEmailDomainBlock> {
    const domain = domainOf(text);
    if (await this.data.findEmailDomainBlockByDomain(domain)) throw AppError.validation(['Domain has already been taken'], undefined, ['input', 'domain']);
    const row = await this.data.createEmailDomainBlock(domain, { actorAccountId: actor(principal), action: 'create', details: domain });
    return (await this.withHistory([row])).items[0];
  }

  async deleteEmailDomainBlock(id: string, principal: Principal): Promise<void> {
    const row = await this.data.findEmailDomainBlock(idOf(id));
    if (!row) throw AppError.notFound();
    await this.data.deleteEmailDomainBlock(row.id, { actorAccountId: actor(principal), action: 'destroy', details: row.domain });
  }

  private async withHistory(rows: EmailDomainBlockRow[]): Promise<Page<AdminEmailDomainBlock>> {
    const today = new Date(this.now());
    today.setUTCHours(0, 0, 0, 0);
    const since = new Date(today.getTime() - (HISTORY_DAYS - 1) * 86_400_000);
    const counts = await this.data.emailDomainHistory(rows.map((row) => row.id), since);
    const byBlockDay = new Map(counts.map((count) => [`${count.blockId}:${count.day.getTime()}`, count]));
    return page(rows, (row) => {
      const history: EmailDomainBlockHistory[] = [];
      for (let i = 0; i < HISTORY_DAYS; i += 1) {
        const day = new Date(today.getTime() - i * 86_400_000);
        const count = byBlockDay.get(`${row.id}:${day.getTime()}`);
        history.push({ day, uses: count?.uses ?? 0, accounts: count?.accounts ?? 0 });
      }
      return { id: row.id.toString(), domain: row.domain, createdAt: row.createdAt, history };
    });
  }

  // ------------------------------------------------------------ IP blocks

  async ipBlocks(args: BlockPageArgs): Promise<Page<AdminIpBlock>> {
    const w = window(args);
    return w ? page(await this.data.listIpBlocks(w), toIpBlock) : EMPTY_PAGE;
  }

  async ipBlock(id: string): Promise<AdminIpBlock> {
    const row = await this.data.findIpBlock(idOf(id));
    if (!row) throw AppError.notFound();
    return toIpBlock(row);
  }

  async createIpBlock(input: CreateIpBlockInput, principal: Principal): Promise<AdminIpBlock> {
    const ip = this.rangeOf(input.ip);
    if (!input.severity) throw AppError.validation(["Severity can't be blank"], undefined, ['input', 'severity']);
    const severity = severityOf(input.severity, IP_SEVERITIES);
    const note = comment(input.comment, 'Comment', 'comment') ?? '';
    const expiresAt = this.expiry(input.expiresIn);
    if (await this.data.findIpBlockByIp(ip)) throw AppError.validation(['Ip has already been taken'], undefined, ['input', 'ip']);
    const row = await this.data.createIpBlock(
      { ip, severity, comment: note, expiresAt: expiresAt ?? null },
      { actorAccountId: actor(principal), action: 'create', details: `${ip} (${severity})` },
    );
    await this.ipBlocksChanged(row.id);
    return toIpBlock(row);
  }

  async updateIpBlock(input: UpdateIpBlockInput, principal: Principal): Promise<AdminIpBlock> {
    const id = idOf(input.ipBlockId);
    const current = await this.data.findIpBlock(id);
    if (!current) throw AppError.notFound();
    const ip = input.ip === undefined || input.ip === null ? current.ip : this.rangeOf(input.ip);
    const note = comment(input.comment, 'Comment', 'comment');
    const expiresAt = input.expiresIn === undefined ? undefined : this.expiry(input.expiresIn);
    if (ip !== current.ip && (await this.data.findIpBlockByIp(ip))) throw AppError.validation(['Ip has already been taken'], undefined, ['input', 'ip']);
    const severity = input.severity ? severityOf(input.severity, IP_SEVERITIES) : (current.severity as IpBlockSeverity);
    const row = await this.data.updateIpBlock(
      id,
      { ip, severity, comment: note ?? undefined, expiresAt },
      { actorAccountId: actor(principal), action: 'update', details: `${ip} (${severity})` },
    );
    await this.ipBlocksChanged(row.id);
    return toIpBlock(row);
  }

  async deleteIpBlock(id: string, principal: Principal): Promise<void> {
    const row = await this.data.findIpBlock(idOf(id));
    if (!row) throw AppError.notFound();
    await this.data.deleteIpBlock(row.id, { actorAccountId: actor(principal), action: 'destroy', details: row.ip });
    await this.ipBlocksChanged(row.id);
  }

  private rangeOf(text: string): string {
    const range = parseRange(text);
    if (!range) throw AppError.validation(["Ip can't be blank"], undefined, ['input', 'ip']);
    return formatRange(range);
  }

  /** expires_in seconds as a date; null or 0: never (undefined: not given). */
  private expiry(expiresIn: number | null | undefined): Date | null | undefined {
    if (expiresIn === undefined) return undefined;
    if (expiresIn === null || expiresIn === 0) return null;
    if (!Number.isInteger(expiresIn) || expiresIn < 0 || expiresIn > MAX_EXPIRES_IN) {
      throw AppError.validation(['Expires in is not a valid number of seconds'], undefined, ['input', 'expiresIn']);
    }
    return new Date(this.now().getTime() + expiresIn * 1000);
  }

  // ------------------------------------------------------------ canonical e-mail blocks

  async canonicalEmailBlocks(args: BlockPageArgs): Promise<Page<AdminCanonicalEmailBlock>> {
    const w = window(args);
    return w ? page(await this.data.listCanonicalEmailBlocks(w), toCanonicalEmailBlock) : EMPTY_PAGE;
  }

  async canonicalEmailBlock(id: string): Promise<AdminCanonicalEmailBlock> {
    const row = await this.data.findCanonicalEmailBlock(idOf(id));
    if (!row) throw AppError.notFound();
    return toCanonicalEmailBlock(row);
  }

  /** The blocks an address matches (POST /api/v1/admin/canonical_email_blocks/test): none or one. */
  async canonicalEmailBlocksMatching(email: string): Promise<AdminCanonicalEmailBlock[]> {
    if (email.trim() === '') return [];
    const row = await this.data.findCanonicalEmailBlockByHash(canonicalEmailHash(email));
    return row ? [toCanonicalEmailBlock(row)] : [];
  }

  async createCanonicalEmailBlock(input: CreateCanonicalEmailBlockInput, principal: Principal): Promise<AdminCanonicalEmailBlock> {
    const email = input.email?.trim() ?? '';
    const given = input.canonicalEmailHash?.trim().toLowerCase() ?? '';
    const hash = email !== '' ? canonicalEmailHash(email) : given;
    if (hash === '') throw AppError.validation(["Canonical email hash can't be blank"], undefined, ['input', 'canonicalEmailHash']);
    if (!/^[0-9a-f]{64}$/.test(hash)) throw AppError.validation(['Canonical email hash is invalid'], undefined, ['input', 'canonicalEmailHash']);
    if (await this.data.findCanonicalEmailBlockByHash(hash)) {
      throw AppError.validation(['Canonical email hash has already been taken'], undefined, ['input', email !== '' ? 'email' : 'canonicalEmailHash']);
    }
    const referenceAccountId = email !== '' ? await this.data.accountIdByEmail(email) : null;
    const row = await this.data.createCanonicalEmailBlock(hash, referenceAccountId, { actorAccountId: actor(principal), action: 'create', details: hash.slice(0, 12) });
    return toCanonicalEmailBlock(row);
  }

  async deleteCanonicalEmailBlock(id: string, principal: Principal): Promise<void> {
    const row = await this.data.findCanonicalEmailBlock(idOf(id));
    if (!row) throw AppError.notFound();
    await this.data.deleteCanonicalEmailBlock(row.id, { actorAccountId: actor(principal), action: 'destroy', details: row.canonicalEmailHash.slice(0, 12) });
  }
}
