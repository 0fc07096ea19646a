// Mastodon's REST::MarkerSerializer, as the markers endpoints answer them: an object keyed by timeline.
import { timestamp } from '../operation.js';

export const MARKER_FIELDS = 'timeline lastReadId version updatedAt';

export interface GqlMarker {
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
    markers.map((marker) => [marker.timeline, { last_read_id: marker.lastReadId, version: marker.version, updated_at: timestamp(marker.updatedAt) }]),
  );
}
