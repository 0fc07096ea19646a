import { Directive, Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';

export enum MediaType {
  IMAGE = 'image',
  GIFV = 'gifv',
  VIDEO = 'video',
  AUDIO = 'audio',
  UNKNOWN = 'unknown',
}
registerEnumType(MediaType, {
  name: 'MediaType',
  description: 'Kind of media file; unknown when the server could not read it.',
  valuesConfig: {
    IMAGE: { description: 'A still or animated image (JPEG, PNG, GIF, WebP, HEIC, AVIF).' },
    GIFV: { description: 'A looping video without sound, as Mastodon makes of animated GIFs (not produced here yet).' },
    VIDEO: { description: 'A video (not processed here yet).' },
    AUDIO: { description: 'An audio file (not processed here yet).' },
    UNKNOWN: { description: 'A file kept as it was uploaded, with no preview.' },
  },
});

export enum ProcessingState {
  QUEUED = 'queued',
  PROCESSING = 'processing',
  DONE = 'done',
  FAILED = 'failed',
}
registerEnumType(ProcessingState, {
  name: 'MediaProcessingState',
  description: 'Where background processing stands.',
  valuesConfig: {
    QUEUED: { description: 'Waiting for a worker; the preview is ready, url is null.' },
    PROCESSING: { description: 'A worker is making the full version; url is null.' },
    DONE: { description: 'All versions are ready.' },
    FAILED: { description: 'Processing failed: the file counts as invalid and cannot be attached to a status.' },
  },
});

@ObjectType({ description: 'Focal point: x left to right, y bottom to top, each -1.0 to 1.0.' })
export class MediaFocus {
  @Field(() => Float, { description: '-1.0 (left edge) to 1.0 (right edge).' })
  x!: number;

  @Field(() => Float, { description: '-1.0 (bottom edge) to 1.0 (top edge).' })
  y!: number;
}

@ObjectType({ description: 'Dimensions of one version of a file.' })
export class MediaDimensions {
  @Field(() => Int, { description: 'Pixels.' })
  width!: number;

  @Field(() => Int, { description: 'Pixels.' })
  height!: number;

  @Field(() => String, { description: '"WxH".' })
  size!: string;

  @Field(() => Float, { description: 'Width divided by height.' })
  aspect!: number;
}

@ObjectType({ description: 'What is known about a file; for unknown files only the focus.' })
export class MediaMeta {
  @Field(() => MediaFocus, { nullable: true, description: 'Focal point for cropping previews; null when none was set.' })
  focus!: MediaFocus | null;

  @Field(() => MediaDimensions, { nullable: true, description: 'The full version; null until it is processed.' })
  original!: MediaDimensions | null;

  @Field(() => MediaDimensions, { nullable: true, description: 'The preview (previewUrl); null for unknown files.' })
  small!: MediaDimensions | null;
}

@ObjectType({ description: 'An uploaded media file.' })
@Directive('@key(fields: "id")')
export class MediaAttachment {
  @Field(() => ID, { description: 'The attachment\'s id, to pass as mediaIds when posting.' })
  id!: string;

  @Field(() => MediaType, { description: 'What kind of file it is.' })
  type!: MediaType;

  @Field(() => ProcessingState, { description: 'Whether the full version is ready (the REST API answers 206 until it is).' })
  processing!: ProcessingState;

  @Field(() => String, { nullable: true, description: 'Null until the full version is processed.' })
  url!: string | null;

  @Field(() => String, { nullable: true, description: 'Never cropped.' })
  previewUrl!: string | null;

  @Field(() => String, { nullable: true, description: 'The file on its origin server, for remote media; always null (no federation yet).', deprecationReason: 'Always null: not implemented (no federation).' })
  remoteUrl!: string | null;

  @Field(() => String, { description: 'Short link to the media: <base>/media/<shortcode>, which redirects to the original file once a status the caller may see holds it.' })
  textUrl!: string;

  @Field(() => MediaMeta, { description: 'Dimensions of the versions and the focal point.' })
  meta!: MediaMeta;

  @Field(() => String, { nullable: true, description: 'Alternative text.' })
  description!: string | null;

  @Field(() => String, { nullable: true, description: 'Null for unknown files.' })
  blurhash!: string | null;
}
