import { Field, InputType } from 'type-graphql';
import { UploadScalar, type StagedFileReference } from '@social/federation';

@InputType({ description: 'One profile field, as plain text.' })
export class ProfileFieldInput {
  @Field(() => String, { description: 'The label, at most 255 characters.' })
  name!: string;

  @Field(() => String, { description: 'The value, at most 255 characters; URLs in it are linked.' })
  value!: string;
}

@InputType({ description: 'Posting defaults (Mastodon\'s source[...]).' })
export class ProfileSourceInput {
  @Field(() => String, { nullable: true, description: 'Default visibility of new posts: public, unlisted or private.' })
  privacy?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether new posts are marked sensitive by default.' })
  sensitive?: boolean | null;

  @Field(() => String, { nullable: true, description: 'Default language of new posts (ISO 639-1); empty clears it.' })
  language?: string | null;
}

@InputType({ description: 'PATCH /api/v1/accounts/update_credentials: what to change on the viewer\'s profile; absent (null) fields stay as they are.' })
export class UpdateProfileInput {
  @Field(() => String, { nullable: true, description: 'The name shown, plain text, at most 30 characters.' })
  displayName?: string | null;

  @Field(() => String, { nullable: true, description: 'The bio, plain text, at most 500 characters (a URL counts 23).' })
  note?: string | null;

  @Field(() => UploadScalar, { nullable: true, description: 'A new avatar (PNG, JPEG, GIF or WebP, under 8 MB): cropped to 400x400. A multipart file part, or bytes already staged.' })
  avatar?: StagedFileReference | null;

  @Field(() => UploadScalar, { nullable: true, description: 'A new header (PNG, JPEG, GIF or WebP, under 8 MB): cropped to 1500x500. A multipart file part, or bytes already staged.' })
  header?: StagedFileReference | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether follows must be approved.' })
  locked?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether the account is automated.' })
  bot?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether the account may be featured in the directory and suggestions.' })
  discoverable?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether public posts may appear in full-text search.' })
  indexable?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether to hide the follower and following lists.' })
  hideCollections?: boolean | null;

  @Field(() => [ProfileFieldInput], { nullable: true, description: 'The profile fields, in order, replacing all of them (at most 4; pairs with both parts blank are dropped).' })
  fields?: ProfileFieldInput[] | null;

  @Field(() => ProfileSourceInput, { nullable: true, description: 'Posting defaults.' })
  source?: ProfileSourceInput | null;
}
