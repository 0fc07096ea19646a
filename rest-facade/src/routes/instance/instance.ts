/**
 * GET /api/v2/instance: the server, its streaming URL and limits. Public. 200 Instance.
 * GET /api/v1/instance: the deprecated shape (Deprecation header), with urls.streaming_api. Public.
 * GET /.well-known/nodeinfo and GET /nodeinfo/2.0: NodeInfo naming mastodon (megalodon requires it).
 * docs/api/versions.md; docs/api/client-compatibility.md#startup.
 */
import { instanceV1ToMastodon, instanceV2ToMastodon, nodeInfoToMastodon } from '../../entities/instance/to-mastodon.js';
import { run } from '../../http/context.js';
import type { Route } from '../route.js';
import { GetInstance } from '../../gql/operations.js';

const PUBLIC_CACHE = 'public, max-age=300, stale-while-revalidate=30, stale-if-error=86400';

export const instanceRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v2/instance',
    scopes: 'none',
    doc: { summary: 'This server', responds: 'Instance' },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetInstance);
      res.setHeader('Cache-Control', PUBLIC_CACHE);
      res.json(instanceV2ToMastodon(data.instance, services.config.publicUrl));
    },
  },
  {
    method: 'get',
    path: '/api/v1/instance',
    scopes: 'none',
    doc: { summary: 'This server (v1)', responds: 'InstanceV1' },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetInstance);
      res.setHeader('Cache-Control', PUBLIC_CACHE);
      res.setHeader('Deprecation', '@1668384000');
      res.json(instanceV1ToMastodon(data.instance, services.config.publicUrl));
    },
  },
  {
    method: 'get',
    path: '/.well-known/nodeinfo',
    scopes: 'none',
    doc: { summary: 'Where the NodeInfo document is', responds: 'NodeInfoLinks' },
    async handle(services, _req, res) {
      res.setHeader('Cache-Control', 'public, max-age=259200');
      res.json({ links: [{ rel: 'http://nodeinfo.diaspora.software/ns/schema/2.0', href: `${services.config.publicUrl}/nodeinfo/2.0` }] });
    },
  },
  {
    method: 'get',
    path: '/nodeinfo/2.0',
    scopes: 'none',
    doc: { summary: 'NodeInfo 2.0', responds: 'NodeInfo' },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetInstance);
      res.setHeader('Cache-Control', 'public, max-age=1800');
      res.json(nodeInfoToMastodon(data.instance));
    },
  },
];
