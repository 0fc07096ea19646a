import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import { acceptedScopes, OptionalAccess } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { StatusContext } from './thread.type.js';
import type { ThreadService } from './thread.service.js';

@Resolver()
export class ThreadResolver {
  constructor(private readonly service: ThreadService) {}

  @Query(() => StatusContext, {
    description: 'The thread around a visible status. Public; anonymous callers get at most 40 ancestors, 60 descendants, 20 levels.',
  })
  @OptionalAccess(...acceptedScopes('read:statuses'))
  async statusContext(@Arg('id', () => ID, { description: 'The status.' }) id: string, @Ctx() ctx: StatusesContext): Promise<StatusContext> {
    return this.service.context(id, ctx);
  }
}
