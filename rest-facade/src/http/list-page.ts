import type { Request, Response } from 'express';
import type { Operation } from '../gateway-client.js';
import { run, type FacadeServices } from './context.js';
import { STATUS_PAGE_SIZE, pageQuery, setLinkHeader, type GqlPage } from './pagination.js';
import { Params } from './params.js';

/**
 * Answers one page of a caller's own list (favourites, bookmarks,
 * conversations, scheduled statuses): the page through `operation`, whose
 * result is `page`, a Link header in the list style keeping `limit`, and the
 * items as Mastodon JSON.
 */
export async function answerListPage<T>(
  services: FacadeServices,
  req: Request,
  res: Response,
  operation: Operation,
  toMastodon: (item: T) => unknown,
): Promise<void> {
  const params = Params.of(req);
  const page = pageQuery(params, STATUS_PAGE_SIZE);
  const data = await run<{ page: GqlPage<T> }>(services, req, res, operation, { ...page });
  setLinkHeader(res, data.page, { publicUrl: services.config.publicUrl, path: req.path, keep: { limit: params.string('limit') }, style: 'list', limit: page.limit });
  res.json(data.page.items.map((item) => toMastodon(item)));
}
