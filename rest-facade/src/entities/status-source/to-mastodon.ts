// Mastodon's REST::StatusSourceSerializer (docs/api/edits.md#source).
import type { StatusSourceQuery } from '../../gql/operations.js';

export function statusSourceToMastodon(source: StatusSourceQuery['statusSource']): Record<string, unknown> {
  return { id: source.id, text: source.text, spoiler_text: source.spoilerText };
}
