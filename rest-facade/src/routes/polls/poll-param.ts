import type { PollInput } from '../../gql/operations.js';
import type { Params } from '../../http/params.js';

/** poll[...] as PollInput; an expires_in that is not a number counts as 0 (Rails' to_i), which is too soon. */
export function pollParam(poll: Params | undefined): PollInput | null {
  if (!poll) return null;
  const expiresIn = poll.string('expires_in');
  return {
    options: poll.stringArray('options') ?? null,
    expiresIn: expiresIn === undefined || expiresIn.trim() === '' ? null : Math.min(Math.max(Number.parseInt(expiresIn, 10) || 0, -1), 2 ** 31 - 1),
    multiple: poll.boolean('multiple') ?? null,
    hideTotals: poll.boolean('hide_totals') ?? null,
  };
}
