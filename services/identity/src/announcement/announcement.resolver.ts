import { Query, Resolver } from 'type-graphql';
import { Access } from '@social/federation';
import { CustomEmoji } from '../account/account.type.js';
import { Announcement } from './announcement.type.js';

/**
 * Server-wide content clients load at start-up. This server has no
 * announcements nor custom emojis yet: the lists are empty, with the access
 * rules Mastodon applies (announcements: scope read, a user; emojis: public).
 */
@Resolver()
export class AnnouncementResolver {
  @Query(() => [Announcement], { description: 'Active announcements, oldest first.' })
  @Access({ scopes: ['read'], user: true })
  announcements(): Announcement[] {
    return [];
  }

  @Query(() => [CustomEmoji], { description: "The server's custom emojis. Public." })
  customEmojis(): CustomEmoji[] {
    return [];
  }
}
