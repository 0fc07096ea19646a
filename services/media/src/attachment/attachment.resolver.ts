import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes } from '@social/federation';
import type { MediaContext } from '../context.js';
import { UpdateMediaInput, UploadMediaInput } from './attachment.input.js';
import { toMediaAttachment } from './attachment.mapper.js';
import type { AttachmentService } from './attachment.service.js';
import { MediaAttachment } from './attachment.type.js';
import type { AttachmentLinks } from './attachment-links.js';

/** Every media operation takes `write:media` (or `write`) and a user, as Mastodon's media controllers. */
const MEDIA_ACCESS = { scopes: acceptedScopes('write:media'), user: true } as const;
const attachmentId = () => Arg('id', () => ID, { description: "One of the caller's attachments." });

@Resolver(() => MediaAttachment)
export class AttachmentResolver {
  constructor(
    private readonly service: AttachmentService,
    private readonly links: AttachmentLinks,
  ) {}

  @Query(() => MediaAttachment, { description: 'One of the caller\'s attachments, until a posted status holds it. Failed processing is an error.' })
  @Access(MEDIA_ACCESS)
  async mediaAttachment(@attachmentId() id: string, @Ctx() ctx: MediaContext): Promise<MediaAttachment> {
    return toMediaAttachment(await this.service.get(id, ctx.principal), this.links);
  }

  @Mutation(() => MediaAttachment, { description: 'Creates an attachment from staged bytes; processing goes on in the background unless synchronous.' })
  @Access(MEDIA_ACCESS)
  async uploadMedia(@Arg('input', () => UploadMediaInput, { description: 'The staged file and its description, focus and thumbnail.' }) input: UploadMediaInput, @Ctx() ctx: MediaContext): Promise<MediaAttachment> {
    return toMediaAttachment(await this.service.upload(input, ctx.principal), this.links);
  }

  @Mutation(() => MediaAttachment, { description: 'Changes description, focus or thumbnail of an attachment not yet posted.' })
  @Access(MEDIA_ACCESS)
  async updateMediaAttachment(
    @attachmentId() id: string,
    @Arg('input', () => UpdateMediaInput, { description: 'What to change.' }) input: UpdateMediaInput,
    @Ctx() ctx: MediaContext,
  ): Promise<MediaAttachment> {
    return toMediaAttachment(await this.service.update(id, input, ctx.principal), this.links);
  }

  @Mutation(() => MediaAttachment, { description: 'Deletes an attachment no status holds, with its files; returns it as it was.' })
  @Access(MEDIA_ACCESS)
  async deleteMediaAttachment(@attachmentId() id: string, @Ctx() ctx: MediaContext): Promise<MediaAttachment> {
    return toMediaAttachment(await this.service.delete(id, ctx.principal), this.links);
  }
}
