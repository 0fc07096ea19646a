import { AppError } from '@social/errors';
import { parseId } from '@social/db';
import type { DashboardData, DayCount, Window } from './dashboard.data.js';
import type { AdminCohort, AdminDimension, AdminDimensionDatum, AdminMeasure, AdminMetricKeyParams } from './dashboard.type.js';

const DAY_MS = 86_400_000;
/** Longest period the dashboard counts over, in days (a bound on the statements' work). */
const MAX_DASHBOARD_DAYS = 400;
const DIMENSION_LIMIT = { default: 10, max: 100 } as const;

/** The measures (Mastodon's Admin::Metrics::Measure keys) this server counts. */
export const MEASURE_KEYS = [
  'active_users', 'new_users', 'interactions', 'opened_reports', 'resolved_reports', 'tag_accounts', 'tag_uses', 'tag_servers',
  'instance_accounts', 'instance_media_attachments', 'instance_reports', 'instance_statuses', 'instance_follows', 'instance_followers',
] as const;

/** The dimensions (Mastodon's Admin::Metrics::Dimension keys) this server breaks down. */
export const DIMENSION_KEYS = [
  'languages', 'sources', 'servers', 'space_usage', 'software_versions', 'tag_servers', 'tag_languages', 'instance_accounts', 'instance_languages',
] as const;

const SOFTWARE = { name: 'Social Federation', version: '0.1.0' } as const;

interface Period {
  window: Window;
  previous: Window;
  days: Date[];
}

/** A required day: missing is Rails' 400 for a missing parameter, unreadable a 422. */
function dayOf(value: string | null | undefined, name: string): Date {
  if (value === null || value === undefined || value.trim() === '') throw AppError.badRequest(`param is missing or the value is empty: ${name}`);
  const date = new Date(value.trim());
  if (Number.isNaN(date.getTime())) throw AppError.validation([`${name} is not a date`]);
  return date;
}

/** The days of [start, end], both days included, as Mastodon's measures take them; the previous period is as long, just before. */
function periodOf(start: string | null, end: string | null): Period {
  const startAt = dayOf(start, 'start_at');
  const endAt = dayOf(end, 'end_at');
  const from = new Date(Date.UTC(startAt.getUTCFullYear(), startAt.getUTCMonth(), startAt.getUTCDate()));
  const last = new Date(Date.UTC(endAt.getUTCFullYear(), endAt.getUTCMonth(), endAt.getUTCDate()));
  if (last < from) throw AppError.validation(['End at must not be before start at']);
  const count = Math.round((last.getTime() - from.getTime()) / DAY_MS) + 1;
  if (count > MAX_DASHBOARD_DAYS) throw AppError.validation([`The period is too long (maximum is ${MAX_DASHBOARD_DAYS} days)`]);
  const to = new Date(last.getTime() + DAY_MS);
  const days = Array.from({ length: count }, (_, i) => new Date(from.getTime() + i * DAY_MS));
  return { window: { from, to }, previous: { from: new Date(from.getTime() - count * DAY_MS), to: from }, days };
}

function series(days: Date[], rows: DayCount[]): Array<{ date: Date; value: string }> {
  const byDay = new Map(rows.map((row) => [new Date(row.day).getTime(), Number(row.n)]));
  return days.map((day) => ({ date: day, value: String(byDay.get(day.getTime()) ?? 0) }));
}

const sum = (rows: DayCount[]) => rows.reduce((total, row) => total + Number(row.n), 0);

/** Bytes as people read them: 1.21 MB (Rails' number_to_human_size). */
export function humanSize(bytes: number): string {
  const units = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB'];
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'Byte' : 'Bytes'}`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toPrecision(3))} ${units[unit]}`;
}

function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The moderators' dashboard (docs/api/moderation.md#dashboard): measures
 * per day, dimensions, and sign-up cohorts' retention, counted from the
 * database on each request. Access (admin:read and view_dashboard) is checked
 * by the resolver. Keys this server does not know are left out, as Mastodon
 * leaves them.
 */
export class DashboardService {
  constructor(
    private readonly data: DashboardData,
    private readonly localDomain: string,
  ) {}

  async measures(keys: string[], startAt: string | null, endAt: string | null, params: AdminMetricKeyParams[]): Promise<AdminMeasure[]> {
    const period = periodOf(startAt, endAt);
    const known = [...new Set(keys)].filter((key): key is (typeof MEASURE_KEYS)[number] => (MEASURE_KEYS as readonly string[]).includes(key));
    return Promise.all(known.map((key) => this.measure(key, period, params.find((entry) => entry.key === key))));
  }

  private async measure(key: (typeof MEASURE_KEYS)[number], period: Period, params: AdminMetricKeyParams | undefined): Promise<AdminMeasure> {
    const counted = async (daily: (window: Window) => Promise<DayCount[]>, distinctTotal?: (window: Window) => Promise<number>) => {
      const [rows, previousRows] = await Promise.all([daily(period.window), distinctTotal ? Promise.resolve([]) : daily(period.previous)]);
      const [total, previousTotal] = distinctTotal
        ? await Promise.all([distinctTotal(period.window), distinctTotal(period.previous)])
        : [sum(rows), sum(previousRows)];
      return { key, unit: null, total: String(total), previousTotal: String(previousTotal), data: series(period.days, rows) };
    };
    const tagId = () => parseId(params?.id);
    switch (key) {
      case 'new_users':
        return counted((w) => this.data.newUsers(w));
      case 'active_users':
        return counted((w) => this.data.activeUsers(w), (w) => this.data.activeUsersTotal(w));
      case 'interactions':
        return counted((w) => this.data.interactions(w));
      case 'opened_reports':
        return counted((w) => this.data.openedReports(w));
      case 'resolved_reports':
        return counted((w) => this.data.resolvedReports(w));
      case 'tag_uses':
      case 'tag_accounts':
      case 'tag_servers': {
        const id = tagId();
        if (id === null) return counted(() => Promise.resolve([]));
        if (key === 'tag_uses') return counted((w) => this.data.tagUses(id, w, false));
        const accounts = await counted((w) => this.data.tagUses(id, w, true), (w) => this.data.tagAccountsTotal(id, w));
        if (key === 'tag_accounts') return accounts;
        // Every account is local: one server used the tag on a day any account did.
        const one = (value: string) => (value === '0' ? '0' : '1');
        return { ...accounts, key, total: one(accounts.total), previousTotal: one(accounts.previousTotal ?? '0'), data: accounts.data.map((d) => ({ ...d, value: one(d.value) })) };
      }
      default: {
        // instance_*: another server's accounts and what they did; none are known yet (no federation), so zero each day.
        const zero = await counted(() => Promise.resolve([]));
        return { ...zero, unit: key === 'instance_media_attachments' ? 'bytes' : null };
      }
    }
  }

  async dimensions(keys: string[], startAt: string | null, endAt: string | null, limit: number | null | undefined, params: AdminMetricKeyParams[]): Promise<AdminDimension[]> {
    const { window } = periodOf(startAt, endAt);
    const size = limit === null || limit === undefined ? DIMENSION_LIMIT.default : Math.max(1, Math.min(Math.trunc(limit), DIMENSION_LIMIT.max));
    const known = [...new Set(keys)].filter((key): key is (typeof DIMENSION_KEYS)[number] => (DIMENSION_KEYS as readonly string[]).includes(key));
    return Promise.all(known.map(async (key) => ({ key, data: await this.dimension(key, window, size, params.find((entry) => entry.key === key)) })));
  }

  private async dimension(key: (typeof DIMENSION_KEYS)[number], window: Window, limit: number, params: AdminMetricKeyParams | undefined): Promise<AdminDimensionDatum[]> {
    const plain = (rows: Array<{ key: string; n: number }>, human: (key: string) => string = (k) => k) =>
      rows.map((row) => ({ key: row.key, humanKey: human(row.key), value: String(row.n), unit: null, humanValue: null }));
    const bytes = (entryKey: string, humanKey: string, value: number): AdminDimensionDatum => ({ key: entryKey, humanKey, value: String(value), unit: 'bytes', humanValue: humanSize(value) });
    const text = (entryKey: string, humanKey: string, value: string): AdminDimensionDatum => ({ key: entryKey, humanKey, value, unit: null, humanValue: null });
    const tagId = parseId(params?.id);
    switch (key) {
      case 'languages':
        return plain(await this.data.languages(window, limit), languageName);
      case 'sources':
        return plain(await this.data.sources(window, limit));
      case 'space_usage': {
        const [database, media] = await Promise.all([this.data.databaseSize(), this.data.mediaSize()]);
        return [bytes('postgresql', 'PostgreSQL', database), bytes('media', 'Media storage', media)];
      }
      case 'software_versions':
        return [
          text('social_federation', SOFTWARE.name, SOFTWARE.version),
          text('nodejs', 'Node.js', process.versions.node),
          text('postgresql', 'PostgreSQL', await this.data.databaseVersion()),
        ];
      case 'tag_languages':
        return tagId === null ? [] : plain(await this.data.tagLanguages(tagId, window, limit), (code) => (code === 'und' ? 'Unknown' : languageName(code)));
      case 'tag_servers': {
        if (tagId === null) return [];
        const uses = sum(await this.data.tagUses(tagId, window, false));
        return uses === 0 ? [] : [text(this.localDomain, this.localDomain, String(uses))];
      }
      default:
        // servers, instance_accounts, instance_languages: other servers and their accounts; none are known yet.
        return [];
    }
  }

  async retention(startAt: string | null, endAt: string | null, frequency: string): Promise<AdminCohort[]> {
    if (frequency !== 'day' && frequency !== 'month') throw AppError.validation(['Frequency is not included in the list'], undefined, ['frequency']);
    const { window } = periodOf(startAt, endAt);
    const rows = await this.data.retention(window, frequency);
    const cohorts = new Map<number, AdminCohort>();
    for (const row of rows) {
      const key = new Date(row.cohort).getTime();
      let cohort = cohorts.get(key);
      if (!cohort) cohorts.set(key, (cohort = { period: new Date(row.cohort), frequency, data: [] }));
      cohort.data.push({ date: new Date(row.period), rate: row.size === 0 ? 0 : Number(row.retained) / Number(row.size), value: String(row.retained) });
    }
    return [...cohorts.values()];
  }
}
