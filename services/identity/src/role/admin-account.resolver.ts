import DataLoader from 'dataloader';
import { Ctx, Field, FieldResolver, ObjectType, Resolver, Root } from 'type-graphql';
import { hasPermission, type Principal } from '@social/federation';
import { Account } from '../account/account.type.js';
import type { IdentityContext } from '../context.js';
import type { AdminUserRecord, RoleData } from './role.data.js';
import { EVERYONE_ROLE, toRole } from './role.service.js';
import { Role } from './role.type.js';

@ObjectType({ description: "What moderators see of an account's user (Mastodon's Admin::Account, beside the account itself)." })
export class AdminAccountInfo {
  @Field(() => String, { nullable: true, description: "The user's e-mail address; null for an account without a user (deleted)." })
  email!: string | null;

  @Field(() => String, { nullable: true, description: "The user's interface locale." })
  locale!: string | null;

  @Field(() => String, { nullable: true, description: 'The address the user signed up from, when recorded.' })
  ip!: string | null;

  @Field(() => Boolean, { description: 'Whether the e-mail address is confirmed.' })
  confirmed!: boolean;

  @Field(() => Boolean, { description: 'Whether the sign-up is approved.' })
  approved!: boolean;

  @Field(() => Boolean, { description: 'Whether sign-in is disabled.' })
  disabled!: boolean;

  @Field(() => Boolean, { description: "Whether a moderator forced the account's media sensitive." })
  sensitized!: boolean;

  @Field(() => Boolean, { description: 'Whether a moderator limited (silenced) the account.' })
  silenced!: boolean;

  @Field(() => String, { nullable: true, description: 'Why the user wants to join, as given at sign-up (the `reason`); null when none was given.' })
  inviteRequest!: string | null;

  @Field(() => Role, { description: "The user's role (the everyone role, id -99, without a staff one)." })
  role!: Role;
}

/** Moderators who handle users or reports, with a token carrying an admin scope (docs/api/moderation.md). */
function seesAdminInfo(principal: Principal): boolean {
  return principal.kind === 'user' && principal.scopes.some((scope) => scope.startsWith('admin:')) &&
    (hasPermission(principal, 'manage_users') || hasPermission(principal, 'manage_reports'));
}

@Resolver(() => Account)
export class AdminAccountResolver {
  private readonly loaders = new WeakMap<IdentityContext, DataLoader<string, AdminUserRecord | null>>();

  constructor(private readonly roles: RoleData) {}

  @FieldResolver(() => AdminAccountInfo, {
    nullable: true,
    description: "The account's user as moderators see it: only for a caller whose role handles users or reports, with an admin scope; null for everyone else.",
  })
  async adminInfo(@Root() account: Account, @Ctx() ctx: IdentityContext): Promise<AdminAccountInfo | null> {
    if (!seesAdminInfo(ctx.principal)) return null;
    let loader = this.loaders.get(ctx);
    if (!loader) {
      loader = new DataLoader(async (ids: readonly string[]) => {
        const found = await this.roles.adminUsers(ids.map((id) => BigInt(id)));
        return ids.map((id) => found.get(id) ?? null);
      });
      this.loaders.set(ctx, loader);
    }
    const user = await loader.load(account.id);
    if (!user) {
      return { email: null, locale: null, ip: null, confirmed: false, approved: false, disabled: false, sensitized: false, silenced: account.limited, inviteRequest: null, role: EVERYONE_ROLE };
    }
    return {
      email: user.email, locale: user.locale, ip: user.signUpIp, confirmed: user.confirmedAt !== null, approved: user.approved, disabled: user.disabled,
      sensitized: user.account.sensitizedAt !== null, silenced: user.account.silencedAt !== null, inviteRequest: user.signUpReason,
      role: user.role ? toRole(user.role) : EVERYONE_ROLE,
    };
  }
}
