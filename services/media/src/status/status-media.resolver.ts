import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { MediaContext } from '../context.js';
import { toMediaAttachment } from '../attachment/attachment.mapper.js';
import { MediaAttachment } from '../attachment/attachment.type.js';
import type { AttachmentLinks } from '../attachment/attachment-links.js';
import { Status } from './status.stub.js';

@Resolver(() => Status)
export class StatusMediaResolver {
  constructor(private readonly links: AttachmentLinks) {}

  @FieldResolver(() => [MediaAttachment], { description: 'Attached media, in the order given when posting.' })
  async mediaAttachments(@Root() status: Status, @Ctx() ctx: MediaContext): Promise<MediaAttachment[]> {
    const records = await ctx.attachmentsByStatus.load(status.id);
    return records.map((record) => toMediaAttachment(record, this.links));
  }
}
