import { Directive, Field, ObjectType } from 'type-graphql';

/** identity's CustomEmoji, by key only: identity completes it (docs/api/custom-emojis.md). */
@ObjectType('CustomEmoji')
@Directive('@key(fields: "shortcode", resolvable: false)')
export class CustomEmojiReference {
  @Field(() => String, { description: 'The name used in text as :shortcode:.' })
  shortcode!: string;
}
