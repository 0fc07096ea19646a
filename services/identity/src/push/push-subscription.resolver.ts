import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes, payload } from '@social/federation';
import type { IdentityContext } from '../context.js';
import type { PushSubscriptionService } from './push-subscription.service.js';
import {
  CreatePushSubscriptionInput,
  CreatePushSubscriptionPayload,
  DeletePushSubscriptionPayload,
  UpdatePushSubscriptionInput,
  UpdatePushSubscriptionPayload,
  WebPushSubscription,
} from './push-subscription.type.js';

/** Scope push only: read and write do not cover it (docs/api/push.md#scope). */
const PUSH = { scopes: acceptedScopes('push'), user: true } as const;

/** The Web Push subscription of the caller's access token (docs/api/push.md). */
@Resolver(() => WebPushSubscription)
export class PushSubscriptionResolver {
  constructor(private readonly service: PushSubscriptionService) {}

  @Query(() => WebPushSubscription, { nullable: true, description: "The push subscription of the access token making the request; null when it has none. Scope push." })
  @Access(PUSH)
  pushSubscription(@Ctx() ctx: IdentityContext): Promise<WebPushSubscription | null> {
    return this.service.current(ctx.principal);
  }

  @Mutation(() => CreatePushSubscriptionPayload, { description: "Subscribes the caller's access token to Web Push, replacing its subscription if it had one. Scope push." })
  @Access(PUSH)
  createPushSubscription(
    @Arg('input', () => CreatePushSubscriptionInput, { description: 'The push service endpoint, the keys, and what to push.' }) input: CreatePushSubscriptionInput,
    @Ctx() ctx: IdentityContext,
  ): Promise<CreatePushSubscriptionPayload> {
    return payload(async () => ({ pushSubscription: await this.service.create(input, ctx.principal) }), { pushSubscription: null });
  }

  @Mutation(() => UpdatePushSubscriptionPayload, { description: "Changes what the caller's token's subscription pushes (NOT_FOUND without one). Scope push." })
  @Access(PUSH)
  updatePushSubscription(
    @Arg('input', () => UpdatePushSubscriptionInput, { description: 'The alerts and policy to change.' }) input: UpdatePushSubscriptionInput,
    @Ctx() ctx: IdentityContext,
  ): Promise<UpdatePushSubscriptionPayload> {
    return payload(async () => ({ pushSubscription: await this.service.update(input, ctx.principal) }), { pushSubscription: null });
  }

  @Mutation(() => DeletePushSubscriptionPayload, { description: "Removes the caller's token's subscription; nothing is pushed to it any more. Scope push." })
  @Access(PUSH)
  deletePushSubscription(@Ctx() ctx: IdentityContext): Promise<DeletePushSubscriptionPayload> {
    return payload(async () => ({ deletedPushSubscriptionId: await this.service.delete(ctx.principal) }), { deletedPushSubscriptionId: null });
  }
}
