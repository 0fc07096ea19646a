import { ArgsType, Field } from 'type-graphql';

/** The filters of the public and hashtag timelines (Mastodon's local, remote, only_media). */
@ArgsType()
export class PublicFilterArgs {
  @Field(() => Boolean, { nullable: true, description: 'Only statuses of this server. Default false.' })
  local?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Only statuses of other servers. Default false.' })
  remote?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Only statuses with media. Default false.' })
  onlyMedia?: boolean | null;
}

export function publicFilterOf(args: PublicFilterArgs): { local: boolean; remote: boolean; onlyMedia: boolean } {
  return { local: Boolean(args.local), remote: Boolean(args.remote), onlyMedia: Boolean(args.onlyMedia) };
}
