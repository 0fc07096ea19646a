/**
 * GET /api/v1/announcements (read, user): published announcements that have not ended, with `read` and the reactions. 200 [Announcement].
 * POST /api/v1/announcements/:id/dismiss (write:accounts, user): marks it read. 200 {}; 404.
 * PUT /api/v1/announcements/:id/reactions/:name, DELETE likewise (write:favourites, user): adds or removes the caller's
 *   reaction, a unicode emoji or a custom emoji's shortcode. 200 {}; 404; 422 (not an emoji, too many different reactions).
 * Mastodon's Api::V1::AnnouncementsController and Api::V1::Announcements::ReactionsController. docs/api/announcements.md.
 */
import { announcementToMastodon } from '../../entities/announcement/to-mastodon.js';
import { run, runMutation } from '../../http/context.js';
import { pathParam } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';
import { AddAnnouncementReaction, DismissAnnouncement, GetAnnouncements, RemoveAnnouncementReaction } from '../../gql/operations.js';

export const announcementRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/announcements',
    scopes: { required: ['read'], as: 'user' },
    doc: { summary: 'Announcements by the server administrators', responds: ['Announcement'] },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetAnnouncements);
      res.json(data.announcements.map(announcementToMastodon));
    },
  },
  {
    method: 'post',
    path: '/api/v1/announcements/:id/dismiss',
    scopes: userScopes('write:accounts'),
    doc: { summary: 'Mark an announcement read', responds: 'Empty' },
    async handle(services, req, res) {
      await runMutation(services, req, res, DismissAnnouncement, { input: { announcementId: pathParam(req, 'id') } }, 'dismissAnnouncement');
      res.json({});
    },
  },
  {
    method: 'put',
    path: '/api/v1/announcements/:id/reactions/:name',
    scopes: userScopes('write:favourites'),
    doc: { summary: 'React to an announcement with an emoji', responds: 'Empty' },
    async handle(services, req, res) {
      await runMutation(services, req, res, AddAnnouncementReaction, { input: { announcementId: pathParam(req, 'id'), name: pathParam(req, 'name') } }, 'addAnnouncementReaction');
      res.json({});
    },
  },
  {
    method: 'delete',
    path: '/api/v1/announcements/:id/reactions/:name',
    scopes: userScopes('write:favourites'),
    doc: { summary: 'Remove your reaction to an announcement', responds: 'Empty' },
    async handle(services, req, res) {
      await runMutation(services, req, res, RemoveAnnouncementReaction, { input: { announcementId: pathParam(req, 'id'), name: pathParam(req, 'name') } }, 'removeAnnouncementReaction');
      res.json({});
    },
  },
];
