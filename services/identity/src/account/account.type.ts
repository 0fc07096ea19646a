import { Directive, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { CustomEmoji } from '../custom-emoji/custom-emoji.type.js';

@ObjectType({ description: 'A name/value pair shown on a profile.' })
export class AccountField {
  @Field(() => String, { description: 'The label, as plain text.' })
  name!: string;

  @Field(() => String, { description: 'HTML.' })
  value!: string;

  @Field(() => Date, { nullable: true, description: 'When the link in the value was verified.' })
  verifiedAt!: Date | null;
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

  @Field(() => String, { description: 'The name shown on the profile; empty when unset.' })
  displayName!: string;

  @Field(() => Boolean, { description: 'Whether follows must be approved.' })
  locked!: boolean;

  @Field(() => Boolean, { description: 'Whether the account is automated.' })
  bot!: boolean;

  @Field(() => Boolean, { description: 'Whether the account may appear in the directory.' })
  discoverable!: boolean;

  @Field(() => Boolean, { description: 'Whether public posts may appear in full-text search results.' })
  indexable!: boolean;

  @Field(() => Boolean, { description: 'Whether the follower and following lists are hidden from others.' })
  hideCollections!: boolean;

  @Field(() => Boolean, { description: 'Whether the account is a group actor.' })
  group!: boolean;

  @Field(() => Date, { description: 'When the account was created.' })
  createdAt!: Date;

  @Field(() => String, { description: 'Profile note as HTML: links, mentions and hashtags linked, everything else escaped; custom emoji shortcodes stay text.' })
  note!: string;

  @Field(() => String, { description: 'Profile page.' })
  url!: string;

  @Field(() => String, { description: 'ActivityPub id.' })
  uri!: string;

  @Field(() => String, { description: 'URL of the avatar image; a default image when none is set.' })
  avatar!: string;

  @Field(() => String, { description: 'URL of a still version of the avatar (for animated avatars; otherwise the same as avatar).' })
  avatarStatic!: string;

  @Field(() => String, { description: 'URL of the profile banner image; a default image when none is set.' })
  header!: string;

  @Field(() => String, { description: 'URL of a still version of the header (for animated headers; otherwise the same as header).' })
  headerStatic!: string;

  @Field(() => [AccountField], { description: 'Profile metadata (name/value pairs), in order; values as HTML.' })
  fields!: AccountField[];

  /** Resolved by AccountEmojisResolver: the custom emojis its display name, note and fields hold. */
  emojis?: CustomEmoji[];

  @Field(() => Boolean, { description: 'Whether the account asked search engines not to index it.' })
  noindex!: boolean;

  @Field(() => Boolean, { description: 'Whether a moderator has suspended the account: its profile is then blank, and nothing it posted shows.' })
  suspended!: boolean;

  @Field(() => Boolean, { description: "Whether a moderator has limited the account (Mastodon's silenced): it is left out of public and hashtag timelines for everyone, its followers keep it at home." })
  limited!: boolean;

  @Field(() => AccountSource, { nullable: true, description: 'The settings and plain-text profile behind this account: only on the viewer\'s own account, null on every other.' })
  source!: AccountSource | null;
}

@ObjectType({ description: 'An OAuth 2.0 access token.' })
export class OAuthToken {
  @Field(() => String, { description: 'The token to send as Authorization: Bearer. Shown once: only its hash is stored.' })
  accessToken!: string;

  @Field(() => String, { description: 'Always Bearer.' })
  tokenType!: string;

  @Field(() => String, { description: 'Granted scopes, space-separated.' })
  scope!: string;

  @Field(() => Date, { description: 'When the token was issued (Mastodon\'s created_at, there in Unix seconds).' })
  createdAt!: Date;
}

@InputType({ description: 'Sign-up of a new account, with an app token.' })
export class RegisterAccountInput {
  @Field(() => String, { description: 'Letters, digits and underscores, at most 30 characters; some names are reserved.' })
  username!: string;

  @Field(() => String, { description: 'E-mail address, used to sign in; must not be taken.' })
  email!: string;

  @Field(() => String, { description: '8 to 72 characters.' })
  password!: string;

  @Field(() => Boolean, { description: 'Acceptance of the server rules and terms.' })
  agreement!: boolean;

  @Field(() => String, { nullable: true, description: 'Language tag of the user\'s interface, e.g. en or pt-BR; ignored when it does not look like one.' })
  locale?: string | null;

  @Field(() => String, { nullable: true, description: 'Why the user wants to join, where approval is needed.' })
  reason?: string | null;

  @Field(() => String, { nullable: true, description: 'Client IP, recorded with the sign-up.' })
  ip?: string | null;
}
