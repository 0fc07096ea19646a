import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { UserError } from '@social/federation';
import { Account } from '../account/account.type.js';

/** What a moderator does to an account (Mastodon's Admin::AccountAction types; docs/api/moderation.md#acting-on-an-account). */
export enum AccountActionType {
  NONE = 'none',
  SENSITIVE = 'sensitive',
  DISABLE = 'disable',
  SILENCE = 'silence',
  SUSPEND = 'suspend',
}

registerEnumType(AccountActionType, {
  name: 'AccountActionType',
  description: 'What a moderator does to an account; each one keeps a warning, and all but NONE resolve every open report about it.',
  valuesConfig: {
    NONE: { description: 'A warning only; resolves the report named, if any.' },
    SENSITIVE: { description: "The account's media are shown as sensitive to everyone else." },
    DISABLE: { description: 'The user cannot sign in and its tokens are refused (undone by enableAccount).' },
    SILENCE: { description: "Limited: out of public and hashtag timelines and streams for everyone (its followers keep it at home); its notifications to accounts that do not follow it are filtered." },
    SUSPEND: { description: 'Everything of the account hidden, its tokens refused; its data deleted 30 days later unless unsuspended.' },
  },
});

@InputType({ description: 'A moderator action on an account (POST /api/v1/admin/accounts/:id/action).' })
export class ModerateAccountInput {
  @Field(() => ID, { description: 'The account acted on.' })
  accountId!: string;

  @Field(() => AccountActionType, { nullable: true, description: 'What to do; null is refused (INVALID: Type can\'t be blank), as Mastodon refuses a missing type.' })
  type?: AccountActionType | null;

  @Field(() => ID, { nullable: true, description: 'The report this action answers: resolved with it (unknown: NOT_FOUND).' })
  reportId?: string | null;

  @Field(() => ID, { nullable: true, description: "A warning preset's text to send (accepted and ignored: there are no presets)." })
  warningPresetId?: string | null;

  @Field(() => String, { nullable: true, description: 'The warning\'s text for the account, at most 5,000 characters.' })
  text?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether to e-mail the user (accepted and ignored: the server sends no e-mail).' })
  sendEmailNotification?: boolean | null;
}

@ObjectType({ description: 'What moderateAccount answers.' })
export class ModerateAccountPayload {
  @Field(() => Account, { nullable: true, description: 'The account after the action (with adminInfo); null when there are errors.' })
  account!: Account | null;

  @Field(() => [UserError], { description: 'Why nothing changed: an unknown account or report (NOT_FOUND), a role not above the user\'s (NOT_ALLOWED), a text too long (INVALID).' })
  errors!: UserError[];
}

/** The input and payload of one account mutation that takes only the account (each mutation has its own types, docs/graphql.md#mutations). */
function accountMutation(name: string, what: string) {
  @InputType(`${name}Input`, { description: `The account to ${what}.` })
  class Input {
    @Field(() => ID, { description: 'The account.' })
    accountId!: string;
  }

  @ObjectType(`${name}Payload`, { description: `What ${name.charAt(0).toLowerCase()}${name.slice(1)} answers.` })
  class Payload {
    @Field(() => Account, { nullable: true, description: 'The account after the change (with adminInfo); null when there are errors.' })
    account!: Account | null;

    @Field(() => [UserError], { description: 'Why nothing changed.' })
    errors!: UserError[];
  }
  return { Input, Payload };
}

export const EnableAccount = accountMutation('EnableAccount', 'let sign in again');
export const UnsilenceAccount = accountMutation('UnsilenceAccount', 'stop limiting');
export const UnsuspendAccount = accountMutation('UnsuspendAccount', 'unsuspend');
export const UnsensitiveAccount = accountMutation('UnsensitiveAccount', 'stop marking sensitive');
export const ApproveAccount = accountMutation('ApproveAccount', 'approve');

/** What every account mutation takes. */
export interface AccountMutationInput {
  accountId: string;
}

export interface AccountMutationPayload {
  account: Account | null;
  errors: UserError[];
}

@InputType({ description: 'A pending sign-up to reject (POST /api/v1/admin/accounts/:id/reject).' })
export class RejectAccountInput {
  @Field(() => ID, { description: 'The account waiting for approval.' })
  accountId!: string;
}

@ObjectType({ description: 'What rejectAccount answers.' })
export class RejectAccountPayload {
  @Field(() => ID, { nullable: true, description: 'The account deleted with its login; null when there are errors.' })
  rejectedAccountId!: string | null;

  @Field(() => [UserError], { description: 'Why nothing changed: an unknown account (NOT_FOUND), one not waiting for approval (NOT_ALLOWED).' })
  errors!: UserError[];
}

@InputType({ description: "A suspended account whose data to delete now (DELETE /api/v1/admin/accounts/:id)." })
export class DeleteAccountDataInput {
  @Field(() => ID, { description: 'The suspended account.' })
  accountId!: string;
}

@ObjectType({ description: 'What deleteAccountData answers.' })
export class DeleteAccountDataPayload {
  @Field(() => ID, { nullable: true, description: 'The account whose data is being deleted (a background job); null when there are errors.' })
  deletedAccountId!: string | null;

  @Field(() => [UserError], { description: 'Why nothing changed: an unknown account (NOT_FOUND), one not suspended or already deleted (NOT_ALLOWED).' })
  errors!: UserError[];
}
