// Mastodon's REST::StatusSourceSerializer (docs/api/edits.md#source).
export interface GqlStatusSource {
  id: string;
  text: string;
  spoilerText: string;
}

export function statusSourceToMastodon(source: GqlStatusSource): Record<string, unknown> {
  return { id: source.id, text: source.text, spoiler_text: source.spoilerText };
}
