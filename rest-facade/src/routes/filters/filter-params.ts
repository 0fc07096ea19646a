import type { FilterAction, FilterContext } from '../../gql/operations.js';
import { HttpError } from '../../http/errors.js';
import type { Params } from '../../http/params.js';

const CONTEXTS = new Set(['home', 'notifications', 'public', 'thread', 'account']);
const ACTIONS = new Set(['warn', 'hide', 'blur']);

/** context[] as FilterContext values; an unknown one is Rails' inclusion error. */
export function filterContexts(params: Params): FilterContext[] | null {
  const values = params.stringArray('context');
  if (values === undefined) return null;
  if (values.some((value) => !CONTEXTS.has(value))) throw new HttpError(422, 'Validation failed: Context is invalid');
  return values.map((value) => value.toUpperCase() as FilterContext);
}

export function filterAction(params: Params): FilterAction | null {
  const value = params.string('filter_action');
  if (value === undefined || value === '') return null;
  if (!ACTIONS.has(value)) throw new HttpError(422, "Validation failed: Filter action is not included in the list");
  return value.toUpperCase() as FilterAction;
}

/** expires_in in seconds; blank (or absent on create) is never, sent as 0 so an update clears it. */
export function expiresIn(params: Params): number | null | undefined {
  if (!params.has('expires_in') && !params.isNull('expires_in')) return undefined;
  const raw = params.string('expires_in') ?? '';
  if (raw.trim() === '') return 0;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 0) throw new HttpError(422, 'Validation failed: Expires in is invalid');
  return seconds;
}
