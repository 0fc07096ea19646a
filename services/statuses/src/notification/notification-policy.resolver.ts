import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Access, acceptedScopes, payload } from '@social/federation';
import { orNullIfNotFound } from '@social/errors';
import type { StatusesContext } from '../context.js';
import { ConnectionArgs } from '../page/connection.type.js';
import { PageArgs } from '../page/page.type.js';
import type { StatusService } from '../status/status.service.js';
import { Status } from '../status/status.type.js';
import { Viewer } from '../viewer/viewer.type.js';
import type { NotificationPolicyService } from './notification-policy.service.js';
import {
  AcceptNotificationRequestInput,
  AcceptNotificationRequestsInput,
  DismissNotificationRequestInput,
  DismissNotificationRequestsInput,
  AcceptNotificationRequestPayload,
  AcceptNotificationRequestsPayload,
  DismissNotificationRequestPayload,
  DismissNotificationRequestsPayload,
  NotificationPolicy,
  NotificationRequest,
  NotificationRequestConnection,
  NotificationRequestPage,
  UpdateNotificationPolicyInput,
  UpdateNotificationPolicyPayload,
} from './notification-policy.type.js';

const READ = { scopes: acceptedScopes('read:notifications'), user: true } as const;
const WRITE = { scopes: acceptedScopes('write:notifications'), user: true } as const;

/** The viewer's notification policy and requests (docs/api/notification-policy.md). */
@Resolver(() => Viewer)
export class ViewerNotificationPolicyResolver {
  constructor(private readonly service: NotificationPolicyService) {}

  @FieldResolver(() => NotificationPolicy, { description: "The user's notification policy, with its pending requests counted. Scope read:notifications." })
  @Access(READ)
  notificationPolicy(@Ctx() ctx: StatusesContext): Promise<NotificationPolicy> {
    return this.service.policy(ctx);
  }

  @FieldResolver(() => NotificationRequestConnection, { description: "The user's pending notification requests, newest first, as a connection. Scope read:notifications." })
  @Access(READ)
  notificationRequests(@Args(() => ConnectionArgs) args: ConnectionArgs, @Ctx() ctx: StatusesContext): Promise<NotificationRequestConnection> {
    return this.service.listConnection(args, ctx);
  }
}

@Resolver(() => NotificationRequest)
export class NotificationRequestResolver {
  constructor(
    private readonly service: NotificationPolicyService,
    private readonly statuses: StatusService,
  ) {}

  @Query(() => NotificationRequestPage, {
    description: "The caller's pending notification requests, newest first (default 40, at most 80 a page); cursors are request ids.",
    deprecationReason: 'Use me.notificationRequests (a connection).',
  })
  @Access(READ)
  notificationRequests(@Args(() => PageArgs) page: PageArgs, @Ctx() ctx: StatusesContext): Promise<NotificationRequestPage> {
    return this.service.list(page, ctx);
  }

  @Query(() => NotificationPolicy, { description: "The caller's notification policy, with its pending requests counted.", deprecationReason: 'Use me.notificationPolicy.' })
  @Access(READ)
  notificationPolicy(@Ctx() ctx: StatusesContext): Promise<NotificationPolicy> {
    return this.service.policy(ctx);
  }

  @Query(() => NotificationRequest, { description: "One of the caller's notification requests (pending or dismissed)." })
  @Access(READ)
  notificationRequest(@Arg('id', () => ID, { description: 'The request.' }) id: string, @Ctx() ctx: StatusesContext): Promise<NotificationRequest> {
    return this.service.get(id, ctx);
  }

  @Query(() => Boolean, { description: "Whether accepted requests' notifications are back in the caller's list: always, as accepting merges them before it answers." })
  @Access(READ)
  notificationRequestsMerged(): boolean {
    return true;
  }

  @Mutation(() => UpdateNotificationPolicyPayload, { description: "Changes the caller's notification policy (the rules given; the others stay)." })
  @Access(WRITE)
  updateNotificationPolicy(
    @Arg('input', () => UpdateNotificationPolicyInput, { description: 'The rules to change.' }) input: UpdateNotificationPolicyInput,
    @Ctx() ctx: StatusesContext,
  ): Promise<UpdateNotificationPolicyPayload> {
    return payload(async () => ({ notificationPolicy: await this.service.update(input, ctx) }), { notificationPolicy: null });
  }

  @Mutation(() => AcceptNotificationRequestPayload, { description: "Accepts one of the caller's requests: the sender's notifications are listed, now and from then on." })
  @Access(WRITE)
  acceptNotificationRequest(@Arg('input', () => AcceptNotificationRequestInput, { description: 'The request.' }) input: AcceptNotificationRequestInput, @Ctx() ctx: StatusesContext): Promise<AcceptNotificationRequestPayload> {
    return payload(async () => {
      await this.service.accept(input.requestId, ctx);
      return { acceptedRequestId: input.requestId };
    }, { acceptedRequestId: null });
  }

  @Mutation(() => DismissNotificationRequestPayload, { description: "Dismisses one of the caller's requests: no longer listed or counted; its notifications stay filtered." })
  @Access(WRITE)
  dismissNotificationRequest(@Arg('input', () => DismissNotificationRequestInput, { description: 'The request.' }) input: DismissNotificationRequestInput, @Ctx() ctx: StatusesContext): Promise<DismissNotificationRequestPayload> {
    return payload(async () => {
      await this.service.dismiss(input.requestId, ctx);
      return { dismissedRequestId: input.requestId };
    }, { dismissedRequestId: null });
  }

  @Mutation(() => AcceptNotificationRequestsPayload, { description: "Accepts those of the requests that are the caller's; other ids are ignored." })
  @Access(WRITE)
  acceptNotificationRequests(@Arg('input', () => AcceptNotificationRequestsInput, { description: 'The requests.' }) input: AcceptNotificationRequestsInput, @Ctx() ctx: StatusesContext): Promise<AcceptNotificationRequestsPayload> {
    return payload(async () => ({ acceptedCount: await this.service.acceptMany(input.requestIds, ctx) }), { acceptedCount: null });
  }

  @Mutation(() => DismissNotificationRequestsPayload, { description: "Dismisses those of the requests that are the caller's; other ids are ignored." })
  @Access(WRITE)
  dismissNotificationRequests(@Arg('input', () => DismissNotificationRequestsInput, { description: 'The requests.' }) input: DismissNotificationRequestsInput, @Ctx() ctx: StatusesContext): Promise<DismissNotificationRequestsPayload> {
    return payload(async () => ({ dismissedCount: await this.service.dismissMany(input.requestIds, ctx) }), { dismissedCount: null });
  }

  @FieldResolver(() => Status, { nullable: true, description: "The sender's latest filtered mention; null when there is none or the caller may not see it." })
  async lastStatus(@Root() request: NotificationRequest, @Ctx() ctx: StatusesContext): Promise<Status | null> {
    if (!request.lastStatusId) return null;
    const record = await orNullIfNotFound(this.statuses.view(request.lastStatusId, ctx));
    return record ? this.statuses.toStatus(record, ctx) : null;
  }
}
