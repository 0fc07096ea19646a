import 'reflect-metadata';
import type { Logger } from '@social/config';
import { parseId, type PrismaClient } from '@social/db';
import { buildSubgraph, type Principal } from '@social/federation';
import { JobQueue } from '@social/jobs';
import { AttachmentLinks } from './attachment/attachment-links.js';
import { AttachmentData } from './attachment/attachment.data.js';
import { toMediaAttachment } from './attachment/attachment.mapper.js';
import { AttachmentResolver } from './attachment/attachment.resolver.js';
import { AttachmentService } from './attachment/attachment.service.js';
import { MediaAttachment } from './attachment/attachment.type.js';
import { ShortLinkResolver } from './attachment/short-link.resolver.js';
import { MEDIA_LIMITS } from '@social/uploads';
import type { MediaConfig } from './config.js';
import { createMediaContext } from './context.js';
import { Instance } from './instance/instance.type.js';
import { mediaQueues } from './jobs/media-jobs.js';
import { MediaMaintenance } from './maintenance/media-maintenance.js';
import { MediaPipeline } from './processing/media-pipeline.js';
import { ScheduledStatusMediaResolver } from './scheduled-status/scheduled-status-media.resolver.js';
import { ScheduledStatus } from './scheduled-status/scheduled-status.stub.js';
import { StatusMediaResolver } from './status/status-media.resolver.js';
import { Status } from './status/status.stub.js';
import { LocalStorage } from './storage/local-storage.js';
import { StagedUploads } from './upload/staged-uploads.js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ProfileImageStore } from './profile-image/profile-image.js';
import { newUploadId, stagingKey } from './storage/keys.js';
import { HttpProfileImages } from './profile-image/profile-image-route.js';

export type { MediaConfig } from './config.js';
export type { StagedUpload } from './upload/staged-uploads.js';


/** The internal route an identity process has avatars and headers processed through (JSON, signed). */
export const PROFILE_IMAGE_ROUTE = '/internal/media/profile-images';

export { profileImageRoute } from './profile-image/profile-image-route.js';

/** Identity's client of a media process's profile-image route. */
export function httpProfileImages(mediaUrl: string, secret: string): HttpProfileImages {
  return new HttpProfileImages(mediaUrl, secret, PROFILE_IMAGE_ROUTE);
}

/** The internal route a facade process streams upload bytes to (signed like every internal call). */
export const UPLOAD_ROUTE = '/internal/media/uploads';

/**
 * The media subgraph: attachments, their processing and storage. The host
 * process also gets `uploads` (the staging the facade hands bytes to) and
 * `worker` (the background jobs; start it, and stop it before exiting).
 */
export async function createMediaSubgraph(prisma: PrismaClient, config: MediaConfig, logger?: Logger) {
  const storage = new LocalStorage(config.mediaDir, config.publicUrl);
  const data = { attachments: new AttachmentData(prisma) };
  const jobs = new JobQueue(prisma);
  const pipeline = new MediaPipeline(storage);
  const service = new AttachmentService(data.attachments, storage, pipeline, jobs);
  const links = new AttachmentLinks(storage, config.publicUrl);
  const schema = await buildSubgraph({
    resolvers: [
      new AttachmentResolver(service, links),
      new ShortLinkResolver(service, links),
      new StatusMediaResolver(links),
      new ScheduledStatusMediaResolver(data.attachments, links),
    ],
    orphanedTypes: [MediaAttachment, Instance, Status, ScheduledStatus],
    referenceResolvers: {
      Status: (reference: { id: string }) => ({ id: reference.id }),
      ScheduledStatus: (reference: { id: string }) => ({ id: reference.id }),
      // Only statuses hands out attachment references (node(id:), a status's history), and it decides who may see one first.
      MediaAttachment: async (reference: { id: string }) => {
        const id = parseId(reference.id);
        const record = id ? await data.attachments.find(id) : null;
        return record ? toMediaAttachment(record, links) : null;
      },
      Instance: ((reference: { domain: string }) => ({
        domain: reference.domain,
        mediaLimits: { ...MEDIA_LIMITS, supportedMimeTypes: [...MEDIA_LIMITS.supportedMimeTypes] },
      })) as never,
    },
  });
  const maintenance = new MediaMaintenance(data.attachments, storage, jobs);
  const worker = jobs.worker(mediaQueues({ data: data.attachments, storage, pipeline, maintenance, logger }), {
    ...config.jobs,
    logger: logger?.child({ component: 'media-jobs' }),
  });
  return {
    name: 'media' as const,
    schema,
    createContext: (principal: Principal, requestId: string) => createMediaContext(data, principal, requestId),
    uploads: new StagedUploads(storage),
    /** Avatars and headers, for identity's profile edits (in-process, or through PROFILE_IMAGE_ROUTE). */
    profileImages: new ProfileImageStore(storage),
    worker,
  };
}

export type MediaSubgraph = Awaited<ReturnType<typeof createMediaSubgraph>>;
export { MediaMaintenance } from './maintenance/media-maintenance.js';

/** Media housekeeping for the admin CLI, over the same storage and queue as the subgraph. */
export function createMediaMaintenance(prisma: PrismaClient, config: Pick<MediaConfig, 'mediaDir' | 'publicUrl'>): MediaMaintenance {
  return new MediaMaintenance(new AttachmentData(prisma), new LocalStorage(config.mediaDir, config.publicUrl), new JobQueue(prisma));
}

/**
 * Custom emoji images for the admin CLI (docs/api/custom-emojis.md): a local
 * file staged in this process's storage, then processed as the media
 * process processes an uploaded one.
 */
export function createLocalEmojiImages(config: Pick<MediaConfig, 'mediaDir' | 'publicUrl'>) {
  const storage = new LocalStorage(config.mediaDir, config.publicUrl);
  return {
    images: new ProfileImageStore(storage),
    /** A copy of the file, staged: what `images.store` takes. */
    async stage(filePath: string): Promise<{ upload: string; fileName: string }> {
      const upload = newUploadId();
      await storage.put(stagingKey(upload) as string, await readFile(filePath));
      return { upload, fileName: path.basename(filePath) };
    },
  };
}
