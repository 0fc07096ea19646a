import { Field, ID, InputType } from 'type-graphql';
import { UploadScalar, type StagedFileReference } from '@social/federation';

@InputType({ description: 'POST /api/v1/media and /api/v2/media.' })
export class UploadMediaInput {
  @Field(() => UploadScalar, { nullable: true, description: 'The media file; required ("File can\'t be blank"). A multipart file part, or bytes already staged.' })
  file?: StagedFileReference | null;

  @Field(() => UploadScalar, { nullable: true, description: 'A custom preview, replacing the generated one: a multipart file part, or bytes already staged.' })
  thumbnail?: StagedFileReference | null;

  @Field(() => String, { nullable: true, description: 'Alternative text.' })
  description?: string | null;

  @Field(() => String, { nullable: true, description: 'Focal point "x,y", each -1.0 to 1.0.' })
  focus?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Process the full version before answering (v1); otherwise only the preview (v2).' })
  synchronous?: boolean | null;
}

@InputType({ description: 'PUT /api/v1/media/:id; absent fields stay as they are.' })
export class UpdateMediaAttachmentInput {
  @Field(() => ID, { description: "One of the caller's attachments, not yet posted." })
  mediaAttachmentId!: string;

  @Field(() => UploadScalar, { nullable: true, description: 'A custom preview, replacing the current one: a multipart file part, or bytes already staged.' })
  thumbnail?: StagedFileReference | null;

  @Field(() => String, { nullable: true, description: 'Alternative text (at most 10,000 characters); empty or null removes it.' })
  description?: string | null;

  @Field(() => String, { nullable: true, description: 'Focal point "x,y", each -1.0 to 1.0.' })
  focus?: string | null;
}

@InputType({ description: 'The attachment to delete.' })
export class DeleteMediaAttachmentInput {
  @Field(() => ID, { description: "One of the caller's attachments that no status holds." })
  mediaAttachmentId!: string;
}
