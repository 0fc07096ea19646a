import type { InstanceFieldsFragment } from '../../gql/operations.js';
import { expectGolden } from '../golden.test-helper.js';
import { instanceV1ToMastodon, instanceV2ToMastodon, nodeInfoToMastodon } from './to-mastodon.js';

const PUBLIC_URL = 'https://social.test';

/** The instance as the gateway returns it (InstanceFields), with the subgraphs' limits. */
const instance: InstanceFieldsFragment = {
  domain: 'social.test',
  title: 'Social Test',
  version: '4.3.0 (compatible; social-federation 0.1.0)',
  apiVersion: '2',
  softwareName: 'social-federation',
  softwareVersion: '0.1.0',
  sourceUrl: 'https://github.com/social-federation/social-federation',
  description: 'A Mastodon-compatible server built as a GraphQL federation.',
  contactEmail: 'admin@social.test',
  languages: ['en'],
  registrationsEnabled: true,
  approvalRequired: false,
  userCount: 3,
  statusCount: 42,
  streamingUrl: 'wss://social.test',
  vapidKey: 'BCk-QqERU0q-CfYZjcuB6lnyyOYfJ2AifKqfeGIm7Z-HiTU5T9eTG5GxVA0_OH5mMlI4UkkDTpaZwozy0TzdZ2M=',
  rules: [{ id: '1', text: 'Be kind.', hint: '' }],
  statusLimits: { maxCharacters: 500, maxMediaAttachments: 4, charactersReservedPerUrl: 23 },
  pollLimits: { maxOptions: 4, maxCharactersPerOption: 50, minExpiration: 300, maxExpiration: 2629746 },
  mediaLimits: {
    supportedMimeTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/heic', 'image/heif', 'image/webp', 'image/avif'],
    imageSizeLimit: 16777216,
    imageMatrixLimit: 33177600,
    videoSizeLimit: 103809024,
    descriptionLimit: 10000,
  },
};

describe('Instance entity mapper', () => {
  describe('for GET /api/v2/instance', () => {
    const json = instanceV2ToMastodon(instance, PUBLIC_URL);

    it('renders golden/v2.json', () => {
      expectGolden(__dirname, 'v2', json);
    });

    it('gives api_versions.mastodon as an integer', () => {
      expect(json.api_versions).toEqual({ mastodon: 2 });
    });

    it('passes the limits the subgraphs report into configuration', () => {
      expect(json.configuration.statuses).toEqual({ max_characters: 500, max_media_attachments: 4, characters_reserved_per_url: 23 });
      expect(json.configuration.polls).toEqual({ max_options: 4, max_characters_per_option: 50, min_expiration: 300, max_expiration: 2629746 });
      expect(json.configuration.media_attachments).toMatchObject({ image_size_limit: 16777216, description_limit: 10000 });
    });
  });

  describe('for GET /api/v1/instance', () => {
    const json = instanceV1ToMastodon(instance, PUBLIC_URL);

    it('renders golden/v1.json', () => {
      expectGolden(__dirname, 'v1', json);
    });

    it('gives the domain as uri and registrations as a boolean', () => {
      expect(json.uri).toBe('social.test');
      expect(json.registrations).toBe(true);
    });

    it('counts users and local statuses in stats', () => {
      expect(json.stats).toEqual({ user_count: 3, status_count: 42, domain_count: 0 });
    });
  });

  describe('for GET /nodeinfo/2.0', () => {
    const json = nodeInfoToMastodon(instance);

    it('renders golden/nodeinfo.json', () => {
      expectGolden(__dirname, 'nodeinfo', json);
    });

    it('uses the NodeInfo camelCase keys', () => {
      expect(json.usage).toEqual({ users: { total: 3, activeMonth: 3, activeHalfyear: 3 }, localPosts: 42 });
      expect(json.openRegistrations).toBe(true);
      expect(json.metadata).toMatchObject({ nodeName: 'Social Test', nodeDescription: instance.description });
    });
  });

  describe('for an instance with closed registrations', () => {
    it('reports them closed in all three documents', () => {
      const closed = { ...instance, registrationsEnabled: false };
      expect(instanceV2ToMastodon(closed, PUBLIC_URL).registrations.enabled).toBe(false);
      expect(instanceV1ToMastodon(closed, PUBLIC_URL).registrations).toBe(false);
      expect(nodeInfoToMastodon(closed).openRegistrations).toBe(false);
    });
  });
});
