/**
 * GET /api/v2/instance: the server, its streaming URL and limits. Public. 200 Instance.
 * GET /api/v1/instance/rules, /extended_description, /languages, /activity, /peers, /translation_languages,
 * /domain_blocks: the rest of the about page (docs/api/instance.md). Public.
 * GET /api/v1/instance: the deprecated shape (Deprecation header), with urls.streaming_api. Public.
 * GET /.well-known/nodeinfo and GET /nodeinfo/2.0: NodeInfo naming mastodon (megalodon requires it).
 * docs/api/versions.md; docs/api/client-compatibility.md#startup.
 */
import { activityToMastodon, instanceV1ToMastodon, instanceV2ToMastodon, nodeInfoToMastodon, ruleToMastodon } from '../../entities/instance/to-mastodon.js';
import { run } from '../../http/context.js';
import type { Route } from '../route.js';
import { GetExtendedDescription, GetInstance, GetInstanceActivity, GetInstanceDomainBlocks, GetInstanceLanguages, GetInstanceRules } from '../../gql/operations.js';

const PUBLIC_CACHE = 'public, max-age=300, stale-while-revalidate=30, stale-if-error=86400';

function staticAnswer(path: string, summary: string, responds: string, body: unknown): Route {
  return {
    method: 'get',
    path,
    scopes: 'none',
    doc: { summary, responds },
    handle(_services, _req, res) {
      res.setHeader('Cache-Control', PUBLIC_CACHE);
      res.json(body);
      return Promise.resolve();
    },
  };
}

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
  {
    method: 'get',
    path: '/api/v1/instance/rules',
    scopes: 'none',
    doc: { summary: "The server's rules", responds: ['Rule'] },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetInstanceRules);
      res.setHeader('Cache-Control', PUBLIC_CACHE);
      res.json(data.instance.rules.map(ruleToMastodon));
    },
  },
  {
    method: 'get',
    path: '/api/v1/instance/extended_description',
    scopes: 'none',
    doc: { summary: 'The long description of the server', responds: 'ExtendedDescription' },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetExtendedDescription);
      res.setHeader('Cache-Control', PUBLIC_CACHE);
      // Set in the configuration, not edited at a known time: no updated_at, as Mastodon's before an admin saves one.
      res.json({ updated_at: null, content: data.instance.extendedDescription });
    },
  },
  {
    method: 'get',
    path: '/api/v1/instance/languages',
    scopes: 'none',
    doc: { summary: 'The languages statuses may be written in', responds: ['Language'] },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetInstanceLanguages);
      res.setHeader('Cache-Control', PUBLIC_CACHE);
      res.json(data.instance.supportedLanguages.map(({ code, name }) => ({ code, name })));
    },
  },
  {
    method: 'get',
    path: '/api/v1/instance/activity',
    scopes: 'none',
    doc: { summary: 'Statuses, logins and sign-ups of the last 12 weeks', responds: ['InstanceActivity'] },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetInstanceActivity);
      res.setHeader('Cache-Control', PUBLIC_CACHE);
      res.json(activityToMastodon(data.instance));
    },
  },
  // No federation yet: no other servers are known and no translation service is configured (docs/api/instance.md):
  // each list is empty rather than missing, as a Mastodon server with none answers.
  staticAnswer('/api/v1/instance/peers', 'The domains this server knows', 'EmptyList', []),
  staticAnswer('/api/v1/instance/translation_languages', 'Languages the translation service offers', 'TranslationLanguages', {}),
  {
    // The moderators' domain blocks as the public sees them (docs/api/moderation.md#the-public-list); 404 where SHOW_DOMAIN_BLOCKS hides them.
    method: 'get',
    path: '/api/v1/instance/domain_blocks',
    scopes: 'none',
    doc: { summary: "The server's blocked domains", responds: ['DomainBlock'] },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetInstanceDomainBlocks);
      res.json(data.instanceDomainBlocks.map((block) => ({
        domain: block.domain,
        digest: block.digest,
        severity: block.severity.toLowerCase(),
        ...(block.comment === null ? {} : { comment: block.comment }),
      })));
    },
  },
];
