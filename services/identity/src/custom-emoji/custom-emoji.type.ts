import { Directive, Field, InputType, ObjectType } from 'type-graphql';
import { UploadScalar, UserError, type StagedFileReference } from '@social/federation';

@ObjectType({ description: 'A custom emoji, written :shortcode: in text (docs/api/custom-emojis.md).' })
@Directive('@key(fields: "shortcode")')
export class CustomEmoji {
  @Field(() => String, { description: 'The name used in text as :shortcode:.' })
  shortcode!: string;

  @Field(() => String, { description: 'The image.' })
  url!: string;

  @Field(() => String, { description: 'A still version of the image (PNG).' })
  staticUrl!: string;

  @Field(() => Boolean, { description: 'Whether clients offer it in their emoji picker.' })
  visibleInPicker!: boolean;

  @Field(() => String, { nullable: true, description: 'The picker category it is listed under; null for none.' })
  category!: string | null;

  @Field(() => Boolean, { description: 'Whether admins disabled it: a disabled emoji is neither listed nor shown in text (only admins see one).' })
  disabled!: boolean;
}

@InputType({ description: 'A new custom emoji.' })
export class CreateCustomEmojiInput {
  @Field(() => String, { description: 'Letters, digits and underscores, at least 2 and at most 64; unique (case-sensitive).' })
  shortcode!: string;

  @Field(() => UploadScalar, { description: 'The image: PNG, GIF or WebP under 256 KB, scaled to fit 400x400 (an animated one stays animated).' })
  image!: StagedFileReference;

  @Field(() => String, { nullable: true, description: 'A picker category; blank for none.' })
  category?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Offered in pickers (default true).' })
  visibleInPicker?: boolean | null;
}

@InputType({ description: "What to change on a custom emoji; absent (null) fields stay as they are." })
export class UpdateCustomEmojiInput {
  @Field(() => String, { description: 'The emoji.' })
  shortcode!: string;

  @Field(() => String, { nullable: true, description: 'A picker category; blank removes it.' })
  category?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Offered in pickers.' })
  visibleInPicker?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Disabled: neither listed nor shown in text.' })
  disabled?: boolean | null;
}

@InputType({ description: 'A custom emoji to delete.' })
export class DeleteCustomEmojiInput {
  @Field(() => String, { description: 'The emoji.' })
  shortcode!: string;
}

@ObjectType({ description: 'What createCustomEmoji answers.' })
export class CreateCustomEmojiPayload {
  @Field(() => CustomEmoji, { nullable: true, description: 'The new emoji; null when there are errors.' })
  customEmoji!: CustomEmoji | null;

  @Field(() => [UserError], { description: 'Problems (a shortcode taken or malformed, an image refused); when any, nothing changed.' })
  errors!: UserError[];
}

@ObjectType({ description: 'What updateCustomEmoji answers.' })
export class UpdateCustomEmojiPayload {
  @Field(() => CustomEmoji, { nullable: true, description: 'The emoji as it is now; null when there are errors.' })
  customEmoji!: CustomEmoji | null;

  @Field(() => [UserError], { description: 'Problems (an unknown emoji, a category too long); when any, nothing changed.' })
  errors!: UserError[];
}

@ObjectType({ description: 'What deleteCustomEmoji answers.' })
export class DeleteCustomEmojiPayload {
  @Field(() => String, { nullable: true, description: 'The shortcode of the emoji deleted; null when there are errors.' })
  deletedShortcode!: string | null;

  @Field(() => [UserError], { description: 'Problems (an unknown emoji); when any, nothing changed.' })
  errors!: UserError[];
}
