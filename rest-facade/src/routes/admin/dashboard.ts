/**
 * The moderators' dashboard (docs/api/moderation.md#dashboard; Mastodon's Api::V1::Admin::MeasuresController,
 * DimensionsController, RetentionController). A user token with admin:read and a role with view_dashboard: 403
 * otherwise. start_at and end_at are days (ISO 8601), both included, at most 400 days apart.
 * POST /api/v1/admin/measures: keys[], start_at, end_at, tag_uses[id] (tag_accounts, tag_servers), instance_*[domain]:
 *   [Admin::Measure] {key, unit, total, previous_total, data: [{date, value}]}.
 * POST /api/v1/admin/dimensions: keys[], start_at, end_at, limit, tag_languages[id] (tag_servers), instance_*[domain]:
 *   [Admin::Dimension] {key, data: [{key, human_key, value, unit?, human_value?}]}.
 * POST /api/v1/admin/retention: start_at, end_at, frequency (day, month): [Admin::Cohort] {period, frequency, data: [{date, rate, value}]}.
 */
import { GetAdminDimensions, GetAdminMeasures, GetAdminRetention, type AdminMetricKeyParams } from '../../gql/operations.js';
import { run } from '../../http/context.js';
import { Params } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';

/** Rails renders a day's time with its zone: 2026-11-28T00:00:00.000+00:00. */
function railsTime(iso: string): string {
  return new Date(iso).toISOString().replace(/Z$/, '+00:00');
}

/** A day parameter as sent: the dashboard checks it after the caller's permission (400 missing, 422 unreadable). */
function day(params: Params, name: string): string | null {
  return params.string(name) || null;
}

/** `tag_uses[id]=3`, `instance_accounts[domain]=x`: what each key named in keys[] is about. */
function keyParams(params: Params, keys: string[]): AdminMetricKeyParams[] {
  return keys.flatMap((key) => {
    const nested = params.nested(key);
    if (!nested) return [];
    return [{ key, id: nested.string('id') ?? null, domain: nested.string('domain') ?? null, includeSubdomains: nested.boolean('include_subdomains') ?? null }];
  });
}

const DASHBOARD_SCOPES = userScopes('admin:read');

export const adminDashboardRoutes: Route[] = [
  {
    method: 'post',
    path: '/api/v1/admin/measures',
    scopes: DASHBOARD_SCOPES,
    doc: { summary: 'Dashboard measures per day', responds: ['AdminMeasure'], params: { keys: 'string[]!', start_at: 'string!', end_at: 'string!' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const keys = params.stringArray('keys') ?? [];
      const data = await run(services, req, res, GetAdminMeasures, { keys, startAt: day(params, 'start_at'), endAt: day(params, 'end_at'), params: keyParams(params, keys) });
      res.json(data.adminMeasures.map((measure) => ({
        key: measure.key,
        unit: measure.unit,
        total: measure.total,
        ...(measure.previousTotal === null ? {} : { previous_total: measure.previousTotal }),
        data: measure.data.map((datum) => ({ date: railsTime(datum.date), value: datum.value })),
      })));
    },
  },
  {
    method: 'post',
    path: '/api/v1/admin/dimensions',
    scopes: DASHBOARD_SCOPES,
    doc: { summary: 'Dashboard breakdowns', responds: ['AdminDimension'], params: { keys: 'string[]!', start_at: 'string!', end_at: 'string!', limit: 'integer' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const keys = params.stringArray('keys') ?? [];
      const limit = params.string('limit');
      const data = await run(services, req, res, GetAdminDimensions, {
        keys, startAt: day(params, 'start_at'), endAt: day(params, 'end_at'), limit: limit && /^\d{1,6}$/.test(limit) ? Number(limit) : null, params: keyParams(params, keys),
      });
      res.json(data.adminDimensions.map((dimension) => ({
        key: dimension.key,
        data: dimension.data.map((datum) => ({
          key: datum.key,
          human_key: datum.humanKey,
          value: datum.value,
          ...(datum.unit === null ? {} : { unit: datum.unit }),
          ...(datum.humanValue === null ? {} : { human_value: datum.humanValue }),
        })),
      })));
    },
  },
  {
    method: 'post',
    path: '/api/v1/admin/retention',
    scopes: DASHBOARD_SCOPES,
    doc: { summary: 'Sign-up cohorts and their retention', responds: ['AdminCohort'], params: { start_at: 'string!', end_at: 'string!', frequency: 'string!' } },
    async handle(services, req, res) {
      const params = Params.of(req);
      const data = await run(services, req, res, GetAdminRetention, { startAt: day(params, 'start_at'), endAt: day(params, 'end_at'), frequency: params.string('frequency') ?? '' });
      res.json(data.adminRetention.map((cohort) => ({
        period: railsTime(cohort.period),
        frequency: cohort.frequency,
        data: cohort.data.map((datum) => ({ date: railsTime(datum.date), rate: datum.rate, value: datum.value })),
      })));
    },
  },
];
