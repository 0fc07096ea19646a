import type DataLoader from 'dataloader';
import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { AppError } from '@social/errors';
import { parseId } from '@social/db';
import { Access, acceptedScopes, OptionalAccess } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { DeleteStatusInput, DeleteStatusPayload, PublishStatusPayload } from './status.payload.js';
import { statusPayload, type StatusPayload } from './status-action.payload.js';
import { PublishStatusInput, Status, StatusVisibility } from './status.type.js';
import type { StatusService } from './status.service.js';

/** Mastodon's limit on GET /api/v1/statuses?id[]= (DEFAULT_STATUSES_LIMIT; docs/api/statuses.md#reading). */
const STATUSES_LIMIT = 20;

@Resolver(() => Status)
export class StatusResolver {
  constructor(private readonly service: StatusService) {}

  @Query(() => Status, { description: 'A status the caller may see. Public for public statuses.' })
  @OptionalAccess(...acceptedScopes('read:statuses'))
  async status(@Arg('id', () => ID, { description: 'The status.' }) id: string, @Ctx() ctx: StatusesContext): Promise<Status> {
    return this.service.toStatus(await this.service.view(id, ctx), ctx);
  }

  @Query(() => [Status], {
    description: `Several statuses by id, in the order asked, each once (GET /api/v1/statuses?id[]=): missing ones, those the caller may not see and those of accounts the caller blocks, is blocked by or mutes are left out. At most ${STATUSES_LIMIT} ids. Public.`,
  })
  @OptionalAccess(...acceptedScopes('read:statuses'))
  async statuses(@Arg('ids', () => [ID], { description: `The statuses' ids (duplicates are answered once), at most ${STATUSES_LIMIT}.` }) ids: string[], @Ctx() ctx: StatusesContext): Promise<Status[]> {
    const unique = [...new Set(ids)];
    if (unique.length > STATUSES_LIMIT) throw AppError.unprocessable(`Too many ids: at most ${STATUSES_LIMIT} statuses at once`, ['ids']);
    const records = await this.service.listable(unique.flatMap((id) => parseId(id) ?? []), ctx);
    return Promise.all(records.map((record) => this.service.toStatus(record, ctx)));
  }

  @Mutation(() => PublishStatusPayload, { description: 'Publishes a status.' })
  @Access({ scopes: acceptedScopes('write:statuses'), user: true })
  publishStatus(
    @Arg('input', () => PublishStatusInput, { description: 'The new status.' }) input: PublishStatusInput,
    @Ctx() ctx: StatusesContext,
  ): Promise<StatusPayload> {
    return statusPayload(() => this.service.publish(input, ctx), this.service, ctx);
  }

  @Mutation(() => DeleteStatusPayload, { description: 'Deletes one of the caller\'s statuses; answers its id, and the status with its source text for redrafting.' })
  @Access({ scopes: acceptedScopes('write:statuses'), user: true })
  async deleteStatus(@Arg('input', () => DeleteStatusInput, { description: 'The status.' }) input: DeleteStatusInput, @Ctx() ctx: StatusesContext): Promise<DeleteStatusPayload> {
    const answer = await statusPayload(() => this.service.delete(input.statusId, ctx), this.service, ctx);
    return { ...answer, deletedStatusId: answer.status?.id ?? null };
  }

  @FieldResolver(() => Status, { nullable: true, description: 'The boosted status, when this one is a boost.' })
  async reblog(@Root() status: Status, @Ctx() ctx: StatusesContext): Promise<Status | null> {
    if (!status.reblogOfId) return null;
    const original = await ctx.statuses.load(status.reblogOfId);
    return original ? this.service.toStatus(original, ctx) : null;
  }

  // Viewer flags: null without a user. Each is one batched query per request
  // (ctx.viewer's loaders). A boost shows its original's favourited,
  // reblogged and bookmarked, as Mastodon answers a boost (so boosting
  // answers reblogged true at the top level too); both ids land in the same
  // batch, so the nested reblog's flags cost no second query.
  @FieldResolver(() => Boolean, { nullable: true, description: 'Whether the viewer favourited it (a boost: its original); null without a user.' })
  favourited(@Root() status: Status, @Ctx() ctx: StatusesContext): Promise<boolean | null> {
    return viewerFlag(ctx.viewer?.favourited, status);
  }

  @FieldResolver(() => Boolean, { nullable: true, description: 'Whether the viewer boosted it (a boost: its original); null without a user.' })
  reblogged(@Root() status: Status, @Ctx() ctx: StatusesContext): Promise<boolean | null> {
    return viewerFlag(ctx.viewer?.reblogged, status);
  }

  @FieldResolver(() => Boolean, { nullable: true, description: 'Whether the viewer muted its conversation; null without a user.' })
  async muted(@Root() status: Status, @Ctx() ctx: StatusesContext): Promise<boolean | null> {
    if (!ctx.viewer) return null;
    return status.conversationId ? ctx.viewer.muted.load(status.id) : false;
  }

  @FieldResolver(() => Boolean, { nullable: true, description: 'Whether the viewer bookmarked it (a boost: its original); null without a user.' })
  bookmarked(@Root() status: Status, @Ctx() ctx: StatusesContext): Promise<boolean | null> {
    return viewerFlag(ctx.viewer?.bookmarked, status);
  }

  @FieldResolver(() => Boolean, {
    nullable: true,
    description: "Whether the viewer pinned it; only on the viewer's own statuses that could be pinned (not boosts or direct), else null.",
  })
  async pinned(@Root() status: Status, @Ctx() ctx: StatusesContext): Promise<boolean | null> {
    const pinnable = ctx.principal.accountId === status.accountId && !status.reblogOfId && status.visibility !== StatusVisibility.DIRECT;
    return pinnable && ctx.viewer ? ctx.viewer.pinned.load(status.id) : null;
  }
}

/** The viewer's flag of the status, or of the status a boost boosts. */
async function viewerFlag(loader: DataLoader<string, boolean> | undefined, status: Status): Promise<boolean | null> {
  if (!loader) return null;
  const flag = await loader.load(status.reblogOfId ?? status.id);
  return flag === true;
}
