import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { AppError } from '@social/errors';
import { Access, acceptedScopes, payload } from '@social/federation';
import type { IdentityContext } from '../context.js';
import type { AccountService } from '../account/account.service.js';
import type { Account } from '../account/account.type.js';
import type { ProfileImageKind } from './profile-images.js';
import { UpdateProfileInput } from './profile.input.js';
import type { ProfileService } from './profile.service.js';
import { DeleteProfileAvatarPayload, DeleteProfileHeaderPayload, UpdateProfilePayload, type DeleteProfileImagePayload } from './profile.type.js';

const PROFILE_ACCESS = { scopes: acceptedScopes('write:accounts'), user: true } as const;

/** Profile edits of the viewer's own account (docs/api/accounts.md#profile-editing). */
@Resolver()
export class ProfileResolver {
  constructor(
    private readonly profiles: ProfileService,
    private readonly accounts: AccountService,
  ) {}

  @Mutation(() => UpdateProfilePayload, { description: 'Changes the viewer\'s profile and posting defaults (PATCH /api/v1/accounts/update_credentials); absent fields stay.' })
  @Access(PROFILE_ACCESS)
  updateProfile(@Arg('input', () => UpdateProfileInput, { description: 'What to change.' }) input: UpdateProfileInput, @Ctx() ctx: IdentityContext): Promise<UpdateProfilePayload> {
    const accountId = ctx.principal.accountId as string;
    return payload(async () => {
      await this.profiles.update(accountId, input);
      return { account: await this.freshAccount(accountId, ctx) };
    }, { account: null });
  }

  @Mutation(() => DeleteProfileAvatarPayload, { description: 'Removes the viewer\'s avatar, the default image back (DELETE /api/v1/profile/avatar).' })
  @Access(PROFILE_ACCESS)
  deleteProfileAvatar(@Ctx() ctx: IdentityContext): Promise<DeleteProfileImagePayload> {
    return this.removeImage('avatar', ctx);
  }

  @Mutation(() => DeleteProfileHeaderPayload, { description: 'Removes the viewer\'s header, the default image back (DELETE /api/v1/profile/header).' })
  @Access(PROFILE_ACCESS)
  deleteProfileHeader(@Ctx() ctx: IdentityContext): Promise<DeleteProfileImagePayload> {
    return this.removeImage('header', ctx);
  }

  private removeImage(kind: ProfileImageKind, ctx: IdentityContext): Promise<DeleteProfileImagePayload> {
    const accountId = ctx.principal.accountId as string;
    return payload(async () => {
      await this.profiles.removeImage(accountId, kind);
      return { account: await this.freshAccount(accountId, ctx), accountId };
    }, { account: null, accountId: null });
  }

  /** The account as written: the request's loader may hold the row read before the edit. */
  private async freshAccount(accountId: string, ctx: IdentityContext): Promise<Account> {
    ctx.accounts.clear(accountId);
    const record = await ctx.accounts.load(accountId);
    if (!record) throw AppError.invalidToken();
    return this.accounts.toAccount(record, ctx.principal);
  }
}
