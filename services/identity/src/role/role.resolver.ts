import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { Account } from '../account/account.type.js';
import type { IdentityContext } from '../context.js';
import type { RoleService } from './role.service.js';
import { Role } from './role.type.js';

@Resolver(() => Account)
export class RoleResolver {
  constructor(private readonly roles: RoleService) {}

  @FieldResolver(() => Role, {
    nullable: true,
    description: "The viewer's own staff role (the everyone role, id -99, without one): only on the viewer's own account, null on every other, as `source`.",
  })
  async role(@Root() account: Account, @Ctx() ctx: IdentityContext): Promise<Role | null> {
    if (ctx.principal.kind !== 'user' || ctx.principal.accountId !== account.id) return null;
    return this.roles.roleOf(BigInt(account.id));
  }
}
