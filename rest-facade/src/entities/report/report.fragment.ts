// The selections of report.fragment.graphql as fragment texts, for operations still written as inline strings.
import { inlineFragments } from '../inline-fragments.js';

export const REPORT_FRAGMENTS = inlineFragments('ReportFields');
export const ADMIN_ACCOUNT_FRAGMENTS = inlineFragments('AdminAccountFields');
export const ADMIN_REPORT_FRAGMENTS = inlineFragments('AdminReportFields');
