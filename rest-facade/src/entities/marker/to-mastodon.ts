// Mastodon's REST::MarkerSerializer, as the markers endpoints answer them: an object keyed by timeline.
import { timestamp } from '../operation.js';

export const MARKER_FIELDS = 'timeline lastReadId version updatedAt';

/** The MarkerTimeline of each timeline name Mastodon's markers take; other names are ignored, as Mastodon ignores them. */
export function markerTimelinesOf(names: readonly string[]): string[] {
  return names.flatMap((name) => (name === 'home' || name === 'notifications' ? [name.toUpperCase()] : []));
}

export interface GqlMarker {
  /** The MarkerTimeline enum (HOME, NOTIFICATIONS); Mastodon's key is its lower case. */
  timeline: string;
  lastReadId: string;
  version: number;
  updatedAt: string;
}

export interface MastodonMarker {
  last_read_id: string;
  version: number;
  updated_at: string;
}

export function markersToMastodon(markers: GqlMarker[]): Record<string, MastodonMarker> {
  return Object.fromEntries(
    markers.map((marker) => [marker.timeline.toLowerCase(), { last_read_id: marker.lastReadId, version: marker.version, updated_at: timestamp(marker.updatedAt) }]),
  );
}
