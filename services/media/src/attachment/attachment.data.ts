import { col, Entity, sqlOf, statement, type Models, type Prisma, type PrismaClient } from '@social/db';
import { STAGING_PREFIX } from '../storage/keys.js';

export type AttachmentRecord = Models.MediaAttachmentModel;

/** The media_attachments columns, named as the record's fields: what the raw reads select. */
const MEDIA_ATTACHMENT = new Entity({
  id: ['id', col.bigint],
  accountId: ['account_id', col.bigint],
  statusId: ['status_id', col.nullable(col.bigint)],
  scheduledStatusId: ['scheduled_status_id', col.nullable(col.bigint)],
  position: ['position', col.nullable(col.int)],
  type: ['type', col.enumText<AttachmentRecord['type']>()],
  processing: ['processing', col.enumText<AttachmentRecord['processing']>()],
  fileKey: ['file_key', col.nullable(col.text)],
  fileContentType: ['file_content_type', col.nullable(col.text)],
  fileSize: ['file_size', col.nullable(col.int)],
  previewKey: ['preview_key', col.nullable(col.text)],
  thumbnailKey: ['thumbnail_key', col.nullable(col.text)],
  description: ['description', col.nullable(col.text)],
  meta: ['meta', col.json<AttachmentRecord['meta']>()],
  blurhash: ['blurhash', col.nullable(col.text)],
  shortcode: ['shortcode', col.text],
  createdAt: ['created_at', col.timestamp],
  updatedAt: ['updated_at', col.timestamp],
});

/** Every status's media is read with it: one statement per page of statuses. */
const BY_STATUS = statement(
  'media.attachmentsByStatus',
  ['bigint[]'],
  MEDIA_ATTACHMENT.shape,
  `SELECT ${MEDIA_ATTACHMENT.select('m')} FROM media_attachments m WHERE m.status_id = ANY($1::bigint[]) ORDER BY m.position, m.id`,
);

export interface NewAttachment {
  id: bigint;
  accountId: bigint;
  type: 'image' | 'unknown';
  processing: 'queued' | 'done';
  /** The served original, or the staged upload while it waits for processing. */
  fileKey: string;
  fileContentType: string | null;
  fileSize: number;
  previewKey: string | null;
  thumbnailKey: string | null;
  description: string | null;
  meta: Record<string, unknown>;
  blurhash: string | null;
}

export interface AttachmentChanges {
  description?: string | null;
  meta?: Record<string, unknown>;
  thumbnailKey?: string | null;
  blurhash?: string | null;
}

export interface StoredKeys {
  fileKey: string | null;
  previewKey: string | null;
  thumbnailKey: string | null;
}

/** The stored objects of a row, to remove with it. */
export function storedFiles(keys: StoredKeys): string[] {
  return [keys.fileKey, keys.previewKey, keys.thumbnailKey].filter((key): key is string => key !== null);
}

/** Rows whose status no longer exists count as unattached: a deleted status gives its media back for redrafting. */
const UNATTACHED = `(m.status_id IS NULL OR NOT EXISTS (SELECT 1 FROM statuses s WHERE s.id = m.status_id))`;

export class AttachmentData {
  constructor(private readonly prisma: PrismaClient) {}

  /** Attachments of each status, in the order the author gave them. */
  async findByStatusIds(statusIds: readonly string[]): Promise<AttachmentRecord[][]> {
    const rows: AttachmentRecord[] = await sqlOf(this.prisma).query(BY_STATUS, statusIds);
    const byStatus = new Map<string, AttachmentRecord[]>();
    for (const row of rows) {
      const key = (row.statusId as bigint).toString();
      byStatus.set(key, [...(byStatus.get(key) ?? []), row]);
    }
    return statusIds.map((id) => byStatus.get(id) ?? []);
  }

  /** Attachments each scheduled status holds until it is published, in the order given. */
  async findByScheduledStatusIds(ids: readonly string[]): Promise<AttachmentRecord[][]> {
    const rows = await this.prisma.mediaAttachment.findMany({
      where: { scheduledStatusId: { in: ids.map(BigInt) } },
      orderBy: [{ position: 'asc' }, { id: 'asc' }],
    });
    return ids.map((id) => rows.filter((row) => row.scheduledStatusId?.toString() === id));
  }

  /** A fresh id (the table's snowflake default), known before the files named after it are written. */
  async nextId(): Promise<bigint> {
    const [row] = await this.prisma.$queryRaw<Array<{ id: bigint }>>`SELECT timestamp_id() AS id`;
    return row.id;
  }

  /** Inserts the row and runs `alsoInTransaction` (enqueueing its processing job) in the same transaction. */
  create(row: NewAttachment, alsoInTransaction?: (tx: Prisma.TransactionClient) => Promise<unknown>): Promise<AttachmentRecord> {
    return this.prisma.$transaction(async (tx) => {
      const created = await tx.mediaAttachment.create({ data: { ...row, meta: row.meta as Prisma.InputJsonValue } });
      if (alsoInTransaction) await alsoInTransaction(tx);
      return created;
    });
  }

  /** The attachment a posted status holds, by its short code; null for none (or one not yet posted). */
  async findPostedByShortcode(shortcode: string): Promise<AttachmentRecord | null> {
    return this.prisma.mediaAttachment.findFirst({ where: { shortcode, statusId: { not: null } } });
  }

  async find(id: bigint): Promise<AttachmentRecord | null> {
    return this.prisma.mediaAttachment.findUnique({ where: { id } });
  }

  /** The account's attachment with whether a status (still existing) holds it. */
  async findOwned(id: bigint, accountId: bigint): Promise<{ record: AttachmentRecord; attached: boolean } | null> {
    const record = await this.prisma.mediaAttachment.findFirst({ where: { id, accountId } });
    if (!record) return null;
    const status = record.statusId ? await this.prisma.status.findUnique({ where: { id: record.statusId }, select: { id: true } }) : null;
    return { record, attached: status !== null };
  }

  async update(id: bigint, changes: AttachmentChanges): Promise<AttachmentRecord> {
    const { meta, ...rest } = changes;
    return this.prisma.mediaAttachment.update({
      where: { id },
      data: { ...rest, ...(meta ? { meta: meta as Prisma.InputJsonValue } : {}) },
    });
  }

  /** Removes an unattached row; null when it is gone or a status took it meanwhile. */
  async deleteUnattached(id: bigint): Promise<StoredKeys | null> {
    const rows = await this.prisma.$transaction(async (tx) => {
      // Lock first, so a publish claiming it concurrently is seen by the DELETE's own snapshot.
      await tx.$queryRaw`SELECT id FROM media_attachments WHERE id = ${id} FOR UPDATE`;
      return tx.$queryRawUnsafe<Array<{ file_key: string | null; preview_key: string | null; thumbnail_key: string | null }>>(
        `DELETE FROM media_attachments m WHERE m.id = $1 AND ${UNATTACHED} RETURNING file_key, preview_key, thumbnail_key`,
        id,
      );
    });
    const row = rows[0];
    return row ? { fileKey: row.file_key, previewKey: row.preview_key, thumbnailKey: row.thumbnail_key } : null;
  }

  async markProcessing(id: bigint): Promise<void> {
    await this.prisma.mediaAttachment.updateMany({ where: { id, processing: 'queued' }, data: { processing: 'processing' } });
  }

  /**
   * Swaps the staged upload for the processed original. False when the row
   * is gone (deleted meanwhile) or was already completed by an earlier run.
   */
  async completeProcessing(
    id: bigint,
    stagedKey: string,
    done: { fileKey: string; fileSize: number; fileContentType: string; original: Record<string, unknown> },
  ): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const row = await tx.mediaAttachment.findFirst({ where: { id, fileKey: stagedKey }, select: { meta: true } });
      if (!row) return false;
      await tx.mediaAttachment.update({
        where: { id },
        data: {
          fileKey: done.fileKey,
          fileSize: done.fileSize,
          fileContentType: done.fileContentType,
          processing: 'done',
          meta: { ...(row.meta as Record<string, unknown>), original: done.original } as Prisma.InputJsonValue,
        },
      });
      return true;
    });
  }

  async markFailed(id: bigint): Promise<void> {
    await this.prisma.mediaAttachment.updateMany({ where: { id, processing: { not: 'done' } }, data: { processing: 'failed' } });
  }

  /**
   * Deletes up to `limit` attachments created before `before` that no status
   * (nor scheduled status) holds, of one account when given, and returns
   * their files for removal.
   */
  async deleteAbandoned(before: Date, limit: number, accountId: bigint | null = null): Promise<StoredKeys[]> {
    const rows = await this.prisma.$queryRawUnsafe<Array<{ file_key: string | null; preview_key: string | null; thumbnail_key: string | null }>>(
      `DELETE FROM media_attachments WHERE id IN (
         SELECT m.id FROM media_attachments m
         WHERE m.created_at < $1 AND ${UNATTACHED}
           AND (m.scheduled_status_id IS NULL OR NOT EXISTS (SELECT 1 FROM scheduled_statuses ss WHERE ss.id = m.scheduled_status_id))
           AND ($3::bigint IS NULL OR m.account_id = $3::bigint)
         LIMIT $2)
       RETURNING file_key, preview_key, thumbnail_key`,
      before,
      limit,
      accountId,
    );
    return rows.map((row) => ({ fileKey: row.file_key, previewKey: row.preview_key, thumbnailKey: row.thumbnail_key }));
  }

  /**
   * Attachments whose original was never made (queued, interrupted or failed)
   * and whose staged upload is still referenced: those a new processing job
   * can finish. Limited to `ids` when given; failed ones only with `includeFailed`.
   */
  findUnprocessed(options: { ids?: bigint[]; includeFailed: boolean }): Promise<Array<{ id: bigint; processing: string }>> {
    return this.prisma.mediaAttachment.findMany({
      where: {
        ...(options.ids ? { id: { in: options.ids } } : {}),
        processing: { in: options.includeFailed ? ['queued', 'processing', 'failed'] : ['queued', 'processing'] },
        fileKey: { startsWith: `${STAGING_PREFIX}/` },
      },
      select: { id: true, processing: true },
      orderBy: { id: 'asc' },
    });
  }

  /** Puts an unfinished attachment back in the queue, with its job enqueued by `alsoInTransaction`. */
  async requeue(id: bigint, alsoInTransaction: (tx: Prisma.TransactionClient) => Promise<unknown>): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.mediaAttachment.updateMany({ where: { id, processing: { not: 'done' } }, data: { processing: 'queued' } });
      if (count === 1) await alsoInTransaction(tx);
      return count === 1;
    });
  }

  /** Whether an attachment still waits for this staged upload. */
  async isStagedKeyInUse(key: string): Promise<boolean> {
    return (await this.prisma.mediaAttachment.count({ where: { fileKey: key } })) > 0;
  }
}
