import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: "A preview of the first link in a status, read from the linked page (Mastodon's PreviewCard)." })
export class PreviewCard {
  @Field(() => String, { description: 'The linked page (its canonical URL when the page names one on its own host).' })
  url!: string;

  @Field(() => String, { description: 'Title of the page.' })
  title!: string;

  @Field(() => String, { description: 'Description of the page; empty when none.' })
  description!: string;

  @Field(() => String, { description: 'link, photo or video.' })
  type!: string;

  @Field(() => String, { description: 'Author named by the page; empty when none.' })
  authorName!: string;

  @Field(() => String, { description: "Author's URL; empty when none." })
  authorUrl!: string;

  @Field(() => String, { description: 'Site name (og:site_name); empty when none.' })
  providerName!: string;

  @Field(() => String, { description: "Site's URL; empty when none." })
  providerUrl!: string;

  @Field(() => String, { description: 'HTML of an embedded player (type video); empty otherwise.' })
  html!: string;

  @Field(() => Int, { description: 'Width of the image or player; 0 when unknown.' })
  width!: number;

  @Field(() => Int, { description: 'Height of the image or player; 0 when unknown.' })
  height!: number;

  @Field(() => String, { nullable: true, description: 'Preview image URL, as the page gives it.' })
  image!: string | null;

  @Field(() => String, { description: 'Alt text of the image; empty when none.' })
  imageDescription!: string;

  @Field(() => String, { description: 'Player URL (type video); empty otherwise.' })
  embedUrl!: string;

  @Field(() => String, { nullable: true, description: 'Blurhash of the image; null (images are not downloaded).', deprecationReason: 'Always null: not implemented (card images are not downloaded).' })
  blurhash!: string | null;

  @Field(() => String, { nullable: true, description: 'ISO 639 language of the page, when it says.' })
  language!: string | null;

  @Field(() => Date, { nullable: true, description: 'Publication time the page states.' })
  publishedAt!: Date | null;
}
