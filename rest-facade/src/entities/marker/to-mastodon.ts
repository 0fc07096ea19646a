// Mastodon's REST::MarkerSerializer, as the markers endpoints answer them: an object keyed by timeline.
import type { MarkerFieldsFragment, MarkerTimeline } from '../../gql/operations.js';
import { timestamp } from '../operation.js';

/** The old name, for code merged from before the generated types. @deprecated Use MarkerFieldsFragment. @public */
export type GqlMarker = MarkerFieldsFragment;

/** The MarkerTimeline of each timeline name Mastodon's markers take; other names are ignored, as Mastodon ignores them. */
export function markerTimelinesOf(names: readonly string[]): MarkerTimeline[] {
  return names.flatMap((name) => (name === 'home' || name === 'notifications' ? [name.toUpperCase() as MarkerTimeline] : []));
}

export interface MastodonMarker {
  last_read_id: string;
  version: number;
  updated_at: string;
}

export function markersToMastodon(markers: MarkerFieldsFragment[]): Record<string, MastodonMarker> {
  return Object.fromEntries(
    markers.map((marker) => [marker.timeline.toLowerCase(), { last_read_id: marker.lastReadId, version: marker.version, updated_at: timestamp(marker.updatedAt) }]),
  );
}
