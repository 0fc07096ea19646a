import DataLoader from 'dataloader';
import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { AttachmentData, AttachmentRecord } from '../attachment/attachment.data.js';
import { toMediaAttachment } from '../attachment/attachment.mapper.js';
import { MediaAttachment } from '../attachment/attachment.type.js';
import type { MediaContext } from '../context.js';
import type { AttachmentLinks } from '../attachment/attachment-links.js';
import { ScheduledStatus } from './scheduled-status.stub.js';

@Resolver(() => ScheduledStatus)
export class ScheduledStatusMediaResolver {
  // Per-request loaders, kept beside the request's context.
  private readonly loaders = new WeakMap<MediaContext, DataLoader<string, AttachmentRecord[]>>();

  constructor(
    private readonly data: AttachmentData,
    private readonly links: AttachmentLinks,
  ) {}

  @FieldResolver(() => [MediaAttachment], { description: 'The media it will be published with, in order.' })
  async mediaAttachments(@Root() scheduled: ScheduledStatus, @Ctx() ctx: MediaContext): Promise<MediaAttachment[]> {
    let loader = this.loaders.get(ctx);
    if (!loader) {
      loader = new DataLoader((ids) => this.data.findByScheduledStatusIds(ids));
      this.loaders.set(ctx, loader);
    }
    const records = await loader.load(scheduled.id);
    return records.map((record) => toMediaAttachment(record, this.links));
  }
}
