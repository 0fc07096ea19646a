import { AppError } from '@social/errors';
import { parseId, type Prisma } from '@social/db';

/** Who claims the media: a status (taking over those of the scheduled status it comes from), or a scheduled status. */
export type MediaHolder =
  | { statusId: bigint; fromScheduledStatusId: bigint | null; /** An edit: the status keeps the media it already holds. */ editing?: boolean }
  | { scheduledStatusId: bigint };

/** Mastodon's Status::MEDIA_ATTACHMENTS_LIMIT. */
const MAX_MEDIA_ATTACHMENTS = 4;

/**
 * Attaches `media_ids` to a status being published, in the order given
 * (docs/api/statuses.md#posting): the caller's own media, not held by another status,
 * and done processing; otherwise Mastodon's 422s, which roll the publish back.
 *
 * This is the one place the statuses subgraph writes a media row, and on
 * purpose: the claim must be atomic with creating the status (no status
 * with half its media, no media taken by two statuses at once), and media
 * and statuses share one database, so it runs as a single UPDATE in the
 * publish transaction rather than as a call to the media subgraph, which
 * could not join that transaction. The media subgraph still owns everything
 * else about these rows. A row whose status was deleted counts as free: a
 * deleted status gives its media back for redrafting. A scheduled status
 * holds its media the same way until it is published (they then move to the
 * status it became) or deleted.
 */
export async function claimMediaAttachments(
  tx: Prisma.TransactionClient,
  accountId: bigint,
  holder: MediaHolder,
  mediaIds: readonly string[],
): Promise<void> {
  if (mediaIds.length === 0) return;
  if (mediaIds.length > MAX_MEDIA_ATTACHMENTS) throw AppError.unprocessable(`Cannot attach more than ${MAX_MEDIA_ATTACHMENTS} files`);
  const requested = [...new Set(mediaIds)];
  const ids = requested.map(parseId).filter((id): id is bigint => id !== null);
  let claimed: Array<{ id: bigint; processing: string }> = [];
  if (ids.length > 0) {
    // Lock first: a concurrent publish of the same media then waits, and the UPDATE (a new
    // statement, so a new snapshot) sees that publish's status and leaves the row alone.
    await tx.$queryRaw`SELECT id FROM media_attachments WHERE id = ANY(${ids}::bigint[]) AND account_id = ${accountId} ORDER BY id FOR UPDATE`;
    const statusId = 'statusId' in holder ? holder.statusId : null;
    const scheduledStatusId = 'scheduledStatusId' in holder ? holder.scheduledStatusId : null;
    const takingOver = 'statusId' in holder ? holder.fromScheduledStatusId : null;
    const keeping = 'statusId' in holder && holder.editing ? holder.statusId : null;
    claimed = await tx.$queryRaw<Array<{ id: bigint; processing: string }>>`
      UPDATE media_attachments m
      SET status_id = ${statusId}, scheduled_status_id = ${scheduledStatusId}, position = array_position(${ids}::bigint[], m.id), updated_at = now()
      WHERE m.id = ANY(${ids}::bigint[]) AND m.account_id = ${accountId} AND m.processing <> 'failed'
        AND (m.status_id IS NULL OR m.status_id = ${keeping}::bigint OR NOT EXISTS (SELECT 1 FROM statuses s WHERE s.id = m.status_id))
        AND (m.scheduled_status_id IS NULL OR m.scheduled_status_id = ${takingOver}
          OR NOT EXISTS (SELECT 1 FROM scheduled_statuses ss WHERE ss.id = m.scheduled_status_id AND ss.published_status_id IS NULL))
      RETURNING m.id, m.processing::text AS processing`;
  }
  const found = new Set(claimed.map((row) => row.id.toString()));
  const missing = requested.filter((id) => !found.has(parseId(id)?.toString() ?? ''));
  if (missing.length > 0) throw AppError.unprocessable(`Media ${missing.join(', ')} not found or already attached to another post`);
  if (claimed.some((row) => row.processing !== 'done')) {
    throw AppError.unprocessable('Cannot attach files that have not finished processing. Try again in a moment!');
  }
}
