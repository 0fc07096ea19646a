import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Access, AdminAccess, acceptedScopes, deletedPayload, payload } from '@social/federation';
import type { IdentityContext } from '../context.js';
import type { AnnouncementService } from './announcement.service.js';
import {
  AddAnnouncementReactionPayload,
  Announcement,
  AddAnnouncementReactionInput,
  CreateAnnouncementInput,
  CreateAnnouncementPayload,
  DeleteAnnouncementInput,
  DeleteAnnouncementPayload,
  DismissAnnouncementInput,
  DismissAnnouncementPayload,
  RemoveAnnouncementReactionInput,
  RemoveAnnouncementReactionPayload,
  UpdateAnnouncementInput,
  UpdateAnnouncementPayload,
} from './announcement.type.js';

const ADMIN_READ = acceptedScopes('admin:read');
const ADMIN_WRITE = acceptedScopes('admin:write');

/** Announcements (docs/api/announcements.md): what users see, dismissing and reacting; the admins' list and writes. */
@Resolver(() => Announcement)
export class AnnouncementResolver {
  constructor(private readonly service: AnnouncementService) {}

  @Query(() => [Announcement], { description: 'Published announcements that have not ended, by start (else publication), oldest first (GET /api/v1/announcements). Scope read, a user.' })
  @Access({ scopes: ['read'], user: true })
  announcements(@Ctx() ctx: IdentityContext): Promise<Announcement[]> {
    return this.service.current(ctx.principal);
  }

  @Query(() => Announcement, { description: 'One announcement users see now (published, not ended). Scope read, a user.' })
  @Access({ scopes: ['read'], user: true })
  announcement(@Arg('id', () => ID, { description: 'The announcement.' }) id: string, @Ctx() ctx: IdentityContext): Promise<Announcement> {
    return this.service.visible(id, ctx.principal);
  }

  @Query(() => [Announcement], { description: 'Every announcement, drafts and ended ones too, newest first. Admin scope admin:read, permission manage_announcements.' })
  @AdminAccess(ADMIN_READ, 'manage_announcements')
  adminAnnouncements(@Ctx() ctx: IdentityContext): Promise<Announcement[]> {
    return this.service.all(ctx.principal);
  }

  @Mutation(() => CreateAnnouncementPayload, { description: 'Adds an announcement, published unless `published` is false. Admin scope admin:write, permission manage_announcements.' })
  @AdminAccess(ADMIN_WRITE, 'manage_announcements')
  createAnnouncement(@Arg('input', () => CreateAnnouncementInput, { description: 'The announcement.' }) input: CreateAnnouncementInput, @Ctx() ctx: IdentityContext): Promise<CreateAnnouncementPayload> {
    return payload(async () => ({ announcement: await this.service.create(input, ctx.principal) }), { announcement: null });
  }

  @Mutation(() => UpdateAnnouncementPayload, { description: 'Changes an announcement, publishes or unpublishes it. Admin scope admin:write, permission manage_announcements.' })
  @AdminAccess(ADMIN_WRITE, 'manage_announcements')
  updateAnnouncement(@Arg('input', () => UpdateAnnouncementInput, { description: 'The changes.' }) input: UpdateAnnouncementInput, @Ctx() ctx: IdentityContext): Promise<UpdateAnnouncementPayload> {
    return payload(async () => ({ announcement: await this.service.update(input, ctx.principal) }), { announcement: null });
  }

  @Mutation(() => DeleteAnnouncementPayload, { description: 'Deletes an announcement, its dismissals and reactions. Admin scope admin:write, permission manage_announcements.' })
  @AdminAccess(ADMIN_WRITE, 'manage_announcements')
  deleteAnnouncement(@Arg('input', () => DeleteAnnouncementInput, { description: 'The announcement.' }) input: DeleteAnnouncementInput): Promise<DeleteAnnouncementPayload> {
    return deletedPayload('deletedAnnouncementId', input.announcementId, () => this.service.delete(input.announcementId));
  }

  @Mutation(() => DismissAnnouncementPayload, { description: 'Marks an announcement read for the user (POST /api/v1/announcements/:id/dismiss); idempotent. Scope write:accounts, a user.' })
  @Access({ scopes: acceptedScopes('write:accounts'), user: true })
  dismissAnnouncement(@Arg('input', () => DismissAnnouncementInput, { description: 'The announcement.' }) input: DismissAnnouncementInput, @Ctx() ctx: IdentityContext): Promise<DismissAnnouncementPayload> {
    return payload(async () => ({ announcement: await this.service.dismiss(input.announcementId, ctx.principal) }), { announcement: null });
  }

  @Mutation(() => AddAnnouncementReactionPayload, { description: "Adds the user's reaction (PUT /api/v1/announcements/:id/reactions/:name); idempotent. Scope write:favourites, a user." })
  @Access({ scopes: acceptedScopes('write:favourites'), user: true })
  addAnnouncementReaction(@Arg('input', () => AddAnnouncementReactionInput, { description: 'The reaction.' }) input: AddAnnouncementReactionInput, @Ctx() ctx: IdentityContext): Promise<AddAnnouncementReactionPayload> {
    return payload(async () => ({ announcement: await this.service.react(input.announcementId, input.name, ctx.principal) }), { announcement: null });
  }

  @Mutation(() => RemoveAnnouncementReactionPayload, { description: "Removes the user's reaction (DELETE /api/v1/announcements/:id/reactions/:name). Scope write:favourites, a user." })
  @Access({ scopes: acceptedScopes('write:favourites'), user: true })
  removeAnnouncementReaction(@Arg('input', () => RemoveAnnouncementReactionInput, { description: 'The reaction.' }) input: RemoveAnnouncementReactionInput, @Ctx() ctx: IdentityContext): Promise<RemoveAnnouncementReactionPayload> {
    return payload(async () => ({ announcement: await this.service.unreact(input.announcementId, input.name, ctx.principal) }), { announcement: null });
  }
}
