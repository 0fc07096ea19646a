import { Directive, Field, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'Limits on uploads.' })
export class MediaLimits {
  @Field(() => [String], { description: 'Image types that are processed (previews, blurhash); any other file is kept as it is, with type unknown.' })
  supportedMimeTypes!: string[];

  @Field(() => Int, { description: 'Bytes.' })
  imageSizeLimit!: number;

  @Field(() => Int, { description: 'Pixels.' })
  imageMatrixLimit!: number;

  @Field(() => Int, { description: 'Bytes.' })
  videoSizeLimit!: number;

  @Field(() => Int, { description: 'Characters of alternative text.' })
  descriptionLimit!: number;
}

@ObjectType('Instance')
@Directive('@key(fields: "domain")')
export class Instance {
  @Field(() => String)
  domain!: string;

  @Field(() => MediaLimits, { description: 'Limits on media uploads (Mastodon\'s configuration.media_attachments).' })
  mediaLimits!: MediaLimits;
}
