import { Query, Resolver } from 'type-graphql';
import { Access } from '@social/federation';
import { Announcement } from './announcement.type.js';

/**
 * Server-wide announcements clients load at start-up. This server has no
 * announcements yet: the list is empty, with the access rules Mastodon
 * applies (scope read, a user).
 */
@Resolver()
export class AnnouncementResolver {
  @Query(() => [Announcement], { description: 'Active announcements, oldest first.' })
  @Access({ scopes: ['read'], user: true })
  announcements(): Announcement[] {
    return [];
  }
}
