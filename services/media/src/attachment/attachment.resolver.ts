import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes, payload } from '@social/federation';
import type { MediaContext } from '../context.js';
import { DeleteMediaAttachmentInput, UpdateMediaAttachmentInput, UploadMediaInput } from './attachment.input.js';
import { DeleteMediaAttachmentPayload, UpdateMediaAttachmentPayload, UploadMediaPayload } from './attachment.payload.js';
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

  @Mutation(() => UploadMediaPayload, { description: 'Creates an attachment from staged bytes; processing goes on in the background unless synchronous.' })
  @Access(MEDIA_ACCESS)
  uploadMedia(@Arg('input', () => UploadMediaInput, { description: 'The staged file and its description, focus and thumbnail.' }) input: UploadMediaInput, @Ctx() ctx: MediaContext): Promise<UploadMediaPayload> {
    return payload(async () => ({ mediaAttachment: toMediaAttachment(await this.service.upload(input, ctx.principal), this.links) }), { mediaAttachment: null });
  }

  @Mutation(() => UpdateMediaAttachmentPayload, { description: 'Changes description, focus or thumbnail of an attachment not yet posted.' })
  @Access(MEDIA_ACCESS)
  updateMediaAttachment(
    @Arg('input', () => UpdateMediaAttachmentInput, { description: 'The attachment and what to change.' }) input: UpdateMediaAttachmentInput,
    @Ctx() ctx: MediaContext,
  ): Promise<UpdateMediaAttachmentPayload> {
    return payload(
      async () => ({ mediaAttachment: toMediaAttachment(await this.service.update(input.mediaAttachmentId, input, ctx.principal), this.links) }),
      { mediaAttachment: null },
    );
  }

  @Mutation(() => DeleteMediaAttachmentPayload, { description: 'Deletes an attachment no status holds, with its files.' })
  @Access(MEDIA_ACCESS)
  deleteMediaAttachment(
    @Arg('input', () => DeleteMediaAttachmentInput, { description: 'The attachment.' }) input: DeleteMediaAttachmentInput,
    @Ctx() ctx: MediaContext,
  ): Promise<DeleteMediaAttachmentPayload> {
    return payload(async () => ({ deletedMediaAttachmentId: (await this.service.delete(input.mediaAttachmentId, ctx.principal)).id.toString() }), {
      deletedMediaAttachmentId: null,
    });
  }
}
