import { Arg, Int, Query, Resolver } from 'type-graphql';
import { AdminAccess } from '@social/federation';
import type { DashboardService } from './dashboard.service.js';
import { AdminCohort, AdminDimension, AdminMeasure, AdminMetricKeyParams } from './dashboard.type.js';

/** Mastodon's dashboard endpoints take admin:read (no granular scope) and a role with view_dashboard. */
const DASHBOARD_SCOPES = ['admin:read'];

/** The moderators' dashboard (docs/api/moderation.md#dashboard). */
@Resolver()
export class DashboardResolver {
  constructor(private readonly service: DashboardService) {}

  @Query(() => [AdminMeasure], { description: 'Measures per day over a period (POST /api/v1/admin/measures); unknown keys are left out. Needs admin:read and view_dashboard.' })
  @AdminAccess(DASHBOARD_SCOPES, 'view_dashboard')
  adminMeasures(
    @Arg('keys', () => [String], { description: 'The measures wanted.' }) keys: string[],
    @Arg('startAt', () => String, { nullable: true, description: 'The first day (ISO 8601); required.' }) startAt: string | null,
    @Arg('endAt', () => String, { nullable: true, description: 'The last day, included (ISO 8601); required.' }) endAt: string | null,
    @Arg('params', () => [AdminMetricKeyParams], { nullable: true, description: 'What the tag_* and instance_* keys are about.' }) params: AdminMetricKeyParams[] | null,
  ): Promise<AdminMeasure[]> {
    return this.service.measures(keys, startAt, endAt, params ?? []);
  }

  @Query(() => [AdminDimension], { description: 'Breakdowns over a period (POST /api/v1/admin/dimensions); unknown keys are left out. Needs admin:read and view_dashboard.' })
  @AdminAccess(DASHBOARD_SCOPES, 'view_dashboard')
  adminDimensions(
    @Arg('keys', () => [String], { description: 'The dimensions wanted.' }) keys: string[],
    @Arg('startAt', () => String, { nullable: true, description: 'The first day (ISO 8601); required.' }) startAt: string | null,
    @Arg('endAt', () => String, { nullable: true, description: 'The last day, included (ISO 8601); required.' }) endAt: string | null,
    @Arg('limit', () => Int, { nullable: true, description: 'Entries per dimension: default 10, at most 100.' }) limit: number | null,
    @Arg('params', () => [AdminMetricKeyParams], { nullable: true, description: 'What the tag_* and instance_* keys are about.' }) params: AdminMetricKeyParams[] | null,
  ): Promise<AdminDimension[]> {
    return this.service.dimensions(keys, startAt, endAt, limit, params ?? []);
  }

  @Query(() => [AdminCohort], { description: 'Sign-up cohorts and how many of each stayed active (POST /api/v1/admin/retention). Needs admin:read and view_dashboard.' })
  @AdminAccess(DASHBOARD_SCOPES, 'view_dashboard')
  adminRetention(
    @Arg('startAt', () => String, { nullable: true, description: 'The first day (ISO 8601); required.' }) startAt: string | null,
    @Arg('endAt', () => String, { nullable: true, description: 'The last day, included (ISO 8601); required.' }) endAt: string | null,
    @Arg('frequency', () => String, { description: 'day or month.' }) frequency: string,
  ): Promise<AdminCohort[]> {
    return this.service.retention(startAt, endAt, frequency);
  }
}
