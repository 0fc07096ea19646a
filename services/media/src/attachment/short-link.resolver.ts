import { Arg, Field, ObjectType, Query, Resolver } from 'type-graphql';
import { acceptedScopes, OptionalAccess } from '@social/federation';
import { Status } from '../status/status.stub.js';
import type { AttachmentLinks } from './attachment-links.js';
import type { AttachmentService } from './attachment.service.js';

@ObjectType({ description: "Where a posted attachment's short link (textUrl) leads." })
export class MediaShortLink {
  @Field(() => String, { nullable: true, description: 'The original file; null while it is still being processed.' })
  url!: string | null;

  @Field(() => Status, {
    nullable: true,
    description:
      'The status holding the attachment. Select a field of it beyond id: the status is then read, and is null when the caller may not see it (the link then leads nowhere).',
  })
  status!: Status | null;
}

@Resolver()
export class ShortLinkResolver {
  constructor(
    private readonly service: AttachmentService,
    private readonly links: AttachmentLinks,
  ) {}

  @Query(() => MediaShortLink, {
    nullable: true,
    description: "The posted attachment a short link's code names (GET /media/:shortcode); null when no posted attachment has it. Public.",
  })
  @OptionalAccess(...acceptedScopes('read:statuses'))
  async mediaShortLink(
    @Arg('shortcode', () => String, { description: 'The last part of textUrl.' }) shortcode: string,
  ): Promise<MediaShortLink | null> {
    const record = await this.service.byShortLink(shortcode);
    if (!record) return null;
    return {
      url: record.processing === 'done' ? this.links.file(record.fileKey) : null,
      status: { id: (record.statusId as bigint).toString() },
    };
  }
}
