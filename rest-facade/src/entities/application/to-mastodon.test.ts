import type { ApplicationFieldsFragment } from '../../gql/operations.js';
import { expectGolden } from '../golden.test-helper.js';
import { applicationToMastodon, credentialApplicationToMastodon } from './to-mastodon.js';

/** An application as the gateway returns it (ApplicationFields). */
const iceCubes: ApplicationFieldsFragment = {
  id: '7',
  name: 'Ice Cubes',
  website: 'https://github.com/Dimillian/IceCubesApp',
  scopes: ['read', 'write', 'follow', 'push'],
  redirectUris: ['icecubesapp://', 'urn:ietf:wg:oauth:2.0:oob'],
  vapidKey: 'BCk-QqERU0q-CfYZjcuB6lnyyOYfJ2AifKqfeGIm7Z-HiTU5T9eTG5GxVA0_OH5mMlI4UkkDTpaZwozy0TzdZ2M=',
};

const CLIENT_ID = 'Hw5n0v0GX3mLUSW5pOYL2x3QkGS9lW2TpzTlL3zm4tE';
const CLIENT_SECRET = 'g1PjG9wmqoApX1ZUfmTQAHmEm6Hwl3lb7LlkM_FcSS0';

describe('Application entity mapper', () => {
  describe('for the registration response (POST /api/v1/apps)', () => {
    const json = credentialApplicationToMastodon(iceCubes, CLIENT_ID, CLIENT_SECRET);

    it('renders golden/registration.json', () => {
      expectGolden(__dirname, 'registration', json);
    });

    it('adds the client credentials and client_secret_expires_at 0 after the public fields', () => {
      expect(Object.keys(json).slice(-3)).toEqual(['client_id', 'client_secret', 'client_secret_expires_at']);
      expect(json).toMatchObject({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, client_secret_expires_at: 0 });
    });

    it('joins the redirect URIs with newlines in the deprecated redirect_uri', () => {
      expect(json.redirect_uri).toBe('icecubesapp://\nurn:ietf:wg:oauth:2.0:oob');
      expect(json.redirect_uris).toEqual(['icecubesapp://', 'urn:ietf:wg:oauth:2.0:oob']);
    });
  });

  describe('for verify_credentials (GET /api/v1/apps/verify_credentials)', () => {
    const json = applicationToMastodon(iceCubes);

    it('renders golden/verify-credentials.json', () => {
      expectGolden(__dirname, 'verify-credentials', json);
    });

    it('never shows the client credentials', () => {
      for (const key of ['client_id', 'client_secret', 'client_secret_expires_at']) expect(json).not.toHaveProperty(key);
    });
  });

  describe('for an application without a website', () => {
    it('sends website null, not absent', () => {
      expect(applicationToMastodon({ ...iceCubes, website: null })).toHaveProperty('website', null);
    });
  });
});
