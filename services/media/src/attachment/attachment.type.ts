import { Directive, Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';

export enum MediaType {
  IMAGE = 'image',
  GIFV = 'gifv',
  VIDEO = 'video',
  AUDIO = 'audio',
  UNKNOWN = 'unknown',
}
registerEnumType(MediaType, { name: 'MediaType', description: 'Kind of media file; unknown when the server could not read it.' });

export enum ProcessingState {
  QUEUED = 'queued',
  PROCESSING = 'processing',
  DONE = 'done',
  FAILED = 'failed',
}
registerEnumType(ProcessingState, { name: 'MediaProcessingState', description: 'Where background processing stands.' });

@ObjectType({ description: 'Focal point: x left to right, y bottom to top, each -1.0 to 1.0.' })
export class MediaFocus {
  @Field(() => Float)
  x!: number;

  @Field(() => Float)
  y!: number;
}

@ObjectType({ description: 'Dimensions of one version of a file.' })
export class MediaDimensions {
  @Field(() => Int)
  width!: number;

  @Field(() => Int)
  height!: number;

  @Field(() => String, { description: '"WxH".' })
  size!: string;

  @Field(() => Float)
  aspect!: number;
}

@ObjectType({ description: 'What is known about a file; for unknown files only the focus.' })
export class MediaMeta {
  @Field(() => MediaFocus, { nullable: true })
  focus!: MediaFocus | null;

  @Field(() => MediaDimensions, { nullable: true })
  original!: MediaDimensions | null;

  @Field(() => MediaDimensions, { nullable: true })
  small!: MediaDimensions | null;
}

@ObjectType({ description: 'An uploaded media file.' })
@Directive('@key(fields: "id")')
export class MediaAttachment {
  @Field(() => ID)
  id!: string;

  @Field(() => MediaType)
  type!: MediaType;

  @Field(() => ProcessingState)
  processing!: ProcessingState;

  @Field(() => String, { nullable: true, description: 'Null until the full version is processed.' })
  url!: string | null;

  @Field(() => String, { nullable: true, description: 'Never cropped.' })
  previewUrl!: string | null;

  @Field(() => String, { nullable: true })
  remoteUrl!: string | null;

  @Field(() => String, { nullable: true })
  textUrl!: string | null;

  @Field(() => MediaMeta)
  meta!: MediaMeta;

  @Field(() => String, { nullable: true, description: 'Alternative text.' })
  description!: string | null;

  @Field(() => String, { nullable: true, description: 'Null for unknown files.' })
  blurhash!: string | null;
}
