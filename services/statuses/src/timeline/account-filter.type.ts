import { ArgsType, Field } from 'type-graphql';
import type { AccountFilter } from './timeline.data.js';

const flag = (description: string) => ({ nullable: true, description: `${description} Default false.` });

/** The filters of an account's statuses (Mastodon's pinned, exclude_replies, exclude_reblogs, only_media, tagged). */
@ArgsType()
export class AccountStatusesFilterArgs {
  @Field(() => Boolean, flag('Only statuses pinned to the profile.'))
  pinned?: boolean | null;

  @Field(() => Boolean, flag('Leave out replies to others (self-replies stay).'))
  excludeReplies?: boolean | null;

  @Field(() => Boolean, flag('Leave out boosts.'))
  excludeReblogs?: boolean | null;

  @Field(() => Boolean, flag('Only statuses with media.'))
  onlyMedia?: boolean | null;

  @Field(() => String, { nullable: true, description: 'Only statuses with this hashtag.' })
  tagged?: string | null;
}

/** The filter as asked; `tagged` is still the hashtag as given (the service turns it into its lookup form). */
export function accountFilterOf(args: AccountStatusesFilterArgs): AccountFilter {
  return {
    pinned: Boolean(args.pinned),
    excludeReplies: Boolean(args.excludeReplies),
    excludeReblogs: Boolean(args.excludeReblogs),
    onlyMedia: Boolean(args.onlyMedia),
    tagged: args.tagged ?? null,
  };
}
