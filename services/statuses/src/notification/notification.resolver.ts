import { Arg, Ctx, FieldResolver, ID, Query, Resolver, Root } from 'type-graphql';
import { Access, acceptedScopes } from '@social/federation';
import type { StatusesContext } from '../context.js';
import type { StatusService } from '../status/status.service.js';
import { Status } from '../status/status.type.js';
import type { NotificationService } from './notification.service.js';
import { Notification } from './notification.type.js';

@Resolver(() => Notification)
export class NotificationResolver {
  constructor(
    private readonly service: NotificationService,
    private readonly statuses: StatusService,
  ) {}

  @Query(() => Notification, { description: "One of the caller's notifications." })
  @Access({ scopes: acceptedScopes('read:notifications'), user: true })
  async notification(@Arg('id', () => ID) id: string, @Ctx() ctx: StatusesContext): Promise<Notification> {
    return this.service.get(id, ctx);
  }

  @FieldResolver(() => Status, { nullable: true, description: 'The status it is about (mention, status, reblog, favourite, poll, update).' })
  async status(@Root() notification: Notification, @Ctx() ctx: StatusesContext): Promise<Status | null> {
    if (!notification.statusId) return null;
    const record = await this.statuses.view(notification.statusId, ctx).catch(() => null);
    return record ? this.statuses.toStatus(record, ctx) : null;
  }
}
