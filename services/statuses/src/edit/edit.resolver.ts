import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { AppError } from '@social/errors';
import { Access, acceptedScopes, OptionalAccess } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { statusPayload, type StatusPayload } from '../status/status-action.payload.js';
import type { StatusService } from '../status/status.service.js';
import { Status } from '../status/status.type.js';
import { EditStatusPayload } from './edit.payload.js';
import type { EditService } from './edit.service.js';
import { EditStatusInput, StatusEdit, StatusSource } from './edit.type.js';

/** Editing a status, and its versions and source on Status (docs/api/edits.md). */
@Resolver(() => Status)
export class EditResolver {
  constructor(
    private readonly edits: EditService,
    private readonly statuses: StatusService,
  ) {}

  @Mutation(() => EditStatusPayload, {
    description: "Edits one of the caller's statuses (not a boost); answers it as it is after the edit. An edit that changes nothing is no new version.",
  })
  @Access({ scopes: acceptedScopes('write:statuses'), user: true })
  editStatus(@Arg('input', () => EditStatusInput, { description: 'The status and what changes.' }) input: EditStatusInput, @Ctx() ctx: StatusesContext): Promise<StatusPayload> {
    return statusPayload(() => this.edits.edit(input, ctx), this.statuses, ctx);
  }

  @FieldResolver(() => [StatusEdit], { description: 'Its versions, the original first, then each edit (one entry when never edited). Public like the status.' })
  @OptionalAccess(...acceptedScopes('read:statuses'))
  history(@Root() status: Status, @Ctx() ctx: StatusesContext): Promise<StatusEdit[]> {
    return this.edits.history(status.id, ctx);
  }

  // A root query so the token is checked before the status is looked up (GET /api/v1/statuses/:id/source); Status.source is the same for a loaded status.
  @Query(() => StatusSource, { description: "The source of one of the caller's statuses (the answer of Status.source); NOT_FOUND for anyone else's." })
  @Access({ scopes: acceptedScopes('read:statuses'), user: true })
  async statusSource(@Arg('id', () => ID, { description: "One of the caller's statuses." }) id: string, @Ctx() ctx: StatusesContext): Promise<StatusSource> {
    const source = await this.edits.source(id, ctx);
    if (!source) throw AppError.notFound();
    return source;
  }

  @FieldResolver(() => StatusSource, { nullable: true, description: 'Its text and content warning as typed, for editing; null but for the author.' })
  @OptionalAccess(...acceptedScopes('read:statuses'))
  source(@Root() status: Status, @Ctx() ctx: StatusesContext): Promise<StatusSource | null> {
    return this.edits.source(status.id, ctx);
  }
}
