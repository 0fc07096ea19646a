/**
 * GET /.well-known/webfinger?resource=acct:alice@host (or the account's profile or actor URL): the local account's
 * JRD, as application/jrd+json. No token. 200 WebFinger; 400 without a resource or with one of no known form; 404 for
 * an unknown, deleted or remote account.
 * GET /.well-known/host-meta (XRD) and /.well-known/host-meta.json: where WebFinger answers (the lrdd template).
 * Mastodon's WellKnown::WebfingerController and HostMetaController; RFC 7033, RFC 6415.
 */
import { hostMetaJson, hostMetaXrd, webfingerToJrd } from '../../entities/webfinger/to-mastodon.js';
import { run } from '../../http/context.js';
import { Params } from '../../http/params.js';
import type { Route } from '../route.js';
import { ResolveWebFinger } from '../../gql/operations.js';

/** As Mastodon caches them: three days. */
const DISCOVERY_CACHE = 'public, max-age=259200';

export const webfingerRoutes: Route[] = [
  {
    method: 'get',
    path: '/.well-known/webfinger',
    scopes: 'none',
    doc: { summary: 'The JRD of a local account (WebFinger)', responds: 'WebFinger', params: { resource: 'string!' } },
    async handle(services, req, res) {
      const resource = Params.of(req).string('resource') ?? '';
      const data = await run(services, req, res, ResolveWebFinger, { resource });
      res.setHeader('Cache-Control', DISCOVERY_CACHE);
      res.setHeader('Content-Type', 'application/jrd+json; charset=utf-8');
      res.json(webfingerToJrd(data.webfingerAccount, data.instance.domain));
    },
  },
  {
    method: 'get',
    path: '/.well-known/host-meta',
    scopes: 'none',
    doc: { summary: 'Where WebFinger answers (XRD)', responds: 'xrd' },
    async handle(services, _req, res) {
      res.setHeader('Cache-Control', DISCOVERY_CACHE);
      res.type('application/xrd+xml; charset=utf-8').send(hostMetaXrd(services.config.publicUrl));
    },
  },
  {
    method: 'get',
    path: '/.well-known/host-meta.json',
    scopes: 'none',
    doc: { summary: 'Where WebFinger answers (JSON)', responds: 'HostMeta' },
    async handle(services, _req, res) {
      res.setHeader('Cache-Control', DISCOVERY_CACHE);
      res.json(hostMetaJson(services.config.publicUrl));
    },
  },
];
