import { parseId } from '@social/db';
import { AppError } from '@social/errors';
import type { StatusesContext } from '../context.js';
import type { MarkerData, MarkerRecord } from './marker.data.js';
import { MarkerTimeline, type Marker, type MarkerPositionInput } from './marker.type.js';

/** Marker::TIMELINES. */
const MARKER_TIMELINES = [MarkerTimeline.HOME, MarkerTimeline.NOTIFICATIONS] as const;

/** Reading positions (Mastodon's MarkersController). */
export class MarkerService {
  constructor(private readonly data: MarkerData) {}

  /** The caller's markers for the timelines asked for; unsaved ones are left out. */
  async list(timelines: readonly MarkerTimeline[], ctx: StatusesContext): Promise<Marker[]> {
    const wanted = MARKER_TIMELINES.filter((timeline) => timelines.includes(timeline));
    if (wanted.length === 0) return [];
    return (await this.data.findMany(viewerOf(ctx), wanted)).map(toMarker);
  }

  /** Saves the positions given; a timeline given without a valid last_read_id is refused (422). */
  async save(positions: Partial<Record<(typeof MARKER_TIMELINES)[number], MarkerPositionInput | null>>, ctx: StatusesContext): Promise<Marker[]> {
    const parsed: Array<{ timeline: string; lastReadId: bigint }> = [];
    for (const timeline of MARKER_TIMELINES) {
      const position = positions[timeline];
      if (!position) continue;
      const lastReadId = parseId(position.lastReadId?.trim());
      if (lastReadId === null) throw AppError.validation(["Last read can't be blank"], undefined, ['input', timeline, 'lastReadId']);
      parsed.push({ timeline, lastReadId });
    }
    if (parsed.length === 0) return [];
    return (await this.data.save(viewerOf(ctx), parsed)).map(toMarker);
  }
}

function viewerOf(ctx: StatusesContext): bigint {
  return BigInt(ctx.principal.accountId as string);
}

function toMarker(record: MarkerRecord): Marker {
  return { timeline: record.timeline as MarkerTimeline, lastReadId: record.lastReadId.toString(), version: record.version, updatedAt: record.updatedAt };
}
