/**
 * GET /media/:shortcode: an attachment's short link (its text_url), a 302 redirect to the original file
 * while a status the caller may see holds it, as Mastodon's MediaController#show. A code no posted
 * attachment has, or whose status the caller may not see, or whose file is not processed yet: 404
 * Record not found. Public; a token given (the facade's usual forms) must carry read or read:statuses.
 */
import { Messages } from '@social/errors';
import { run } from '../../http/context.js';
import { HttpError } from '../../http/errors.js';
import { publicScopes, type Route } from '../route.js';
import { GetMediaShortLink } from '../../gql/operations.js';
import { pathParam } from '../../http/params.js';

export const mediaShortLinkRoutes: Route[] = [
  {
    method: 'get',
    path: '/media/:shortcode',
    scopes: publicScopes('read:statuses'),
    doc: { summary: "An attachment's short link (text_url): a redirect to its file", responds: 'redirect', status: 302 },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetMediaShortLink, { shortcode: pathParam(req, 'shortcode') });
      const url = data.mediaShortLink?.status ? data.mediaShortLink.url : null;
      if (!url) throw new HttpError(404, Messages.recordNotFound);
      res.redirect(302, url);
    },
  },
];
