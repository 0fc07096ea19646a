import { Args, Ctx, FieldResolver, Resolver } from 'type-graphql';
import { Access, acceptedScopes } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { ConnectionArgs } from '../page/connection.type.js';
import { Viewer } from '../viewer/viewer.type.js';
import type { NotificationService } from './notification.service.js';
import { NotificationConnection, NotificationFilterArgs } from './notification.type.js';

@Resolver(() => Viewer)
export class ViewerNotificationsResolver {
  constructor(private readonly service: NotificationService) {}

  @FieldResolver(() => NotificationConnection, {
    description: "The user's notifications, newest first, as a connection (the rows of `notifications`). Scope read:notifications.",
  })
  @Access({ scopes: acceptedScopes('read:notifications'), user: true })
  notifications(@Args(() => NotificationFilterArgs) filter: NotificationFilterArgs, @Args(() => ConnectionArgs) args: ConnectionArgs, @Ctx() ctx: StatusesContext): Promise<NotificationConnection> {
    return this.service.listConnection(filter, args, ctx);
  }
}
