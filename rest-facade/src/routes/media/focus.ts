import type { Params } from '../../http/params.js';

/** `focus` as "x,y", or (as Mastodon also takes it) an array of the two numbers; validated by the media service. */
export function focusParam(params: Params): string | null {
  const text = params.string('focus');
  if (text !== undefined) return text.trim() === '' ? null : text;
  const pair = params.stringArray('focus');
  return pair && pair.length > 0 ? pair.join(',') : null;
}
