// GET /.well-known/nodeinfo and the NodeInfo 2.0 document it points to.
// docs/api/versions.md#nodeinfo (megalodon requires software.name mastodon).
import { expectJson } from '../support/expectations';
import { api, baseUrl } from '../support/server';

const NODEINFO_2_0 = 'http://nodeinfo.diaspora.software/ns/schema/2.0';

describe('GET /.well-known/nodeinfo', () => {
  describe('anonymously', () => {
    it('answers 200 with one link to the NodeInfo 2.0 document', async () => {
      const response = await api.get('/.well-known/nodeinfo');

      expectJson(response, 200);
      expect(response.body).toEqual({ links: [{ rel: NODEINFO_2_0, href: `${baseUrl}/nodeinfo/2.0` }] });
    });
  });
});

describe('GET /nodeinfo/2.0', () => {
  describe('anonymously', () => {
    it('answers 200 with software.name mastodon and the NodeInfo 2.0 keys', async () => {
      const response = await api.get('/nodeinfo/2.0');

      expectJson(response, 200);
      expect(response.body).toMatchObject({
        version: '2.0',
        software: { name: 'mastodon', version: expect.stringMatching(/^4\.\d+\.\d+/) },
        protocols: ['activitypub'],
        services: { outbound: [], inbound: [] },
        usage: {
          users: { total: expect.any(Number), activeMonth: expect.any(Number), activeHalfyear: expect.any(Number) },
          localPosts: expect.any(Number),
        },
        openRegistrations: true,
        metadata: expect.objectContaining({ nodeName: expect.any(String) }),
      });
    });
  });

  describe('reached through the link of /.well-known/nodeinfo (megalodon detection)', () => {
    it('answers 200 with software.name mastodon', async () => {
      const discovery = await api.get<{ links: Array<{ href: string }> }>('/.well-known/nodeinfo');
      const href = discovery.body.links[0]?.href ?? '';

      const response = await api.get(href.slice(baseUrl.length));

      expectJson(response, 200);
      expect(response.body).toMatchObject({ software: { name: 'mastodon' } });
    });
  });
});
