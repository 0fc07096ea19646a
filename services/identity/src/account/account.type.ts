import { Directive, Field, ID, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A name/value pair shown on a profile.' })
export class AccountField {
  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'HTML.' })
  value!: string;

  @Field(() => Date, { nullable: true, description: 'When the link in the value was verified.' })
  verifiedAt!: Date | null;
}

@ObjectType({ description: 'A custom emoji.' })
export class CustomEmoji {
  @Field(() => String)
  shortcode!: string;

  @Field(() => String)
  url!: string;

  @Field(() => String)
  staticUrl!: string;

  @Field(() => Boolean)
  visibleInPicker!: boolean;
}

@ObjectType({ description: 'Defaults and plain-text profile, shown only to the account itself.' })
export class AccountSource {
  @Field(() => String, { description: 'Default visibility of new posts.' })
  privacy!: string;

  @Field(() => Boolean, { description: 'Whether new posts are sensitive by default.' })
  sensitive!: boolean;

  @Field(() => String, { nullable: true, description: 'Default language of new posts.' })
  language!: string | null;

  @Field(() => String, { description: 'Profile note as plain text.' })
  note!: string;

  @Field(() => [AccountField], { description: 'Profile fields as plain text.' })
  fields!: AccountField[];

  @Field(() => Int, { description: 'Pending follow requests.' })
  followRequestsCount!: number;
}

@ObjectType({ description: 'A user account. Counters are contributed by the statuses subgraph.' })
@Directive('@key(fields: "id")')
export class Account {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'The username, without the domain.' })
  username!: string;

  @Field(() => String, { description: 'username for local accounts, username@domain for remote ones.' })
  acct!: string;

  @Field(() => String)
  displayName!: string;

  @Field(() => Boolean, { description: 'Whether follows must be approved.' })
  locked!: boolean;

  @Field(() => Boolean, { description: 'Whether the account is automated.' })
  bot!: boolean;

  @Field(() => Boolean, { description: 'Whether the account may appear in the directory.' })
  discoverable!: boolean;

  @Field(() => Boolean, { description: 'Whether the account is a group actor.' })
  group!: boolean;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => String, { description: 'Profile note as HTML.' })
  note!: string;

  @Field(() => String, { description: 'Profile page.' })
  url!: string;

  @Field(() => String, { description: 'ActivityPub id.' })
  uri!: string;

  @Field(() => String)
  avatar!: string;

  @Field(() => String)
  avatarStatic!: string;

  @Field(() => String)
  header!: string;

  @Field(() => String)
  headerStatic!: string;

  @Field(() => [AccountField])
  fields!: AccountField[];

  @Field(() => [CustomEmoji])
  emojis!: CustomEmoji[];

  @Field(() => Boolean, { description: 'Whether the account asked search engines not to index it.' })
  noindex!: boolean;

  @Field(() => Boolean)
  suspended!: boolean;

  @Field(() => AccountSource, { nullable: true, description: 'Only for the account itself.' })
  source!: AccountSource | null;
}

@ObjectType({ description: 'An OAuth 2.0 access token.' })
export class OAuthToken {
  @Field(() => String)
  accessToken!: string;

  @Field(() => String, { description: 'Always Bearer.' })
  tokenType!: string;

  @Field(() => String, { description: 'Granted scopes, space-separated.' })
  scope!: string;

  @Field(() => Date)
  createdAt!: Date;
}

@InputType({ description: 'Sign-up of a new account, with an app token.' })
export class RegisterAccountInput {
  @Field(() => String)
  username!: string;

  @Field(() => String)
  email!: string;

  @Field(() => String)
  password!: string;

  @Field(() => Boolean, { description: 'Acceptance of the server rules and terms.' })
  agreement!: boolean;

  @Field(() => String, { nullable: true })
  locale?: string | null;

  @Field(() => String, { nullable: true, description: 'Why the user wants to join, where approval is needed.' })
  reason?: string | null;
}
