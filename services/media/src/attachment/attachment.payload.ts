import { Field, ID, ObjectType } from 'type-graphql';
import { MutationPayload } from '@social/federation';
import { MediaAttachment } from './attachment.type.js';

@ObjectType({ description: 'What uploadMedia answers.' })
export class UploadMediaPayload extends MutationPayload {
  @Field(() => MediaAttachment, { nullable: true, description: 'The new attachment (processing may still go on); null when there are errors.' })
  mediaAttachment!: MediaAttachment | null;
}

@ObjectType({ description: 'What updateMediaAttachment answers.' })
export class UpdateMediaAttachmentPayload extends MutationPayload {
  @Field(() => MediaAttachment, { nullable: true, description: 'The attachment as changed; null when there are errors.' })
  mediaAttachment!: MediaAttachment | null;
}

@ObjectType({ description: 'What deleteMediaAttachment answers.' })
export class DeleteMediaAttachmentPayload extends MutationPayload {
  @Field(() => ID, { nullable: true, description: 'The id of the deleted attachment; null when there are errors.' })
  deletedMediaAttachmentId!: string | null;
}
