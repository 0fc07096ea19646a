// POST /api/v1/apps and GET /api/v1/apps/verify_credentials.
// docs/api/oauth.md#applications; docs/api/client-compatibility.md#requests (Ice Cubes, custom schemes).
import { OOB_URI, type CredentialApplication } from '@social/testkit';
import { ID, URL_SAFE_SECRET, expectError, expectInvalidToken, expectJson } from '../../support/expectations';
import { api, rig } from '../../support/server';

const VAPID_KEY = expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/);

function expectedCredentialApplication(fields: { name: string; scopes: string[]; redirectUris: string[]; website?: string | null }) {
  return {
    id: expect.stringMatching(ID),
    name: fields.name,
    website: fields.website ?? null,
    scopes: fields.scopes,
    redirect_uris: fields.redirectUris,
    redirect_uri: fields.redirectUris.join('\n'),
    vapid_key: VAPID_KEY,
    client_id: expect.stringMatching(URL_SAFE_SECRET),
    client_secret: expect.stringMatching(URL_SAFE_SECRET),
    client_secret_expires_at: 0,
  };
}

describe('POST /api/v1/apps', () => {
  describe('with a form body', () => {
    it('answers 200 with the CredentialApplication, client_id and client_secret included', async () => {
      const response = await api.postForm('/api/v1/apps', {
        client_name: 'Form Client',
        redirect_uris: OOB_URI,
        scopes: 'read write follow push',
        website: 'https://client.example/',
      });

      expectJson(response, 200);
      expect(response.body).toEqual(
        expectedCredentialApplication({
          name: 'Form Client',
          scopes: ['read', 'write', 'follow', 'push'],
          redirectUris: [OOB_URI],
          website: 'https://client.example/',
        }),
      );
      expect(response.headers['cache-control']).toMatch(/no-store/);
    });

    it('gives each registration its own id, client_id and client_secret', async () => {
      const first = await rig.registerApp('read');
      const second = await rig.registerApp('read');

      expect(new Set([first.id, second.id]).size).toBe(2);
      expect(new Set([first.client_id, second.client_id, first.client_secret, second.client_secret]).size).toBe(4);
    });
  });

  describe('with a JSON body (masto.js)', () => {
    it('answers 200 with the redirect_uris array as sent', async () => {
      const response = await api.postJson('/api/v1/apps', {
        client_name: 'JSON Client',
        redirect_uris: ['https://client.example/callback', OOB_URI],
        scopes: 'read write',
      });

      expectJson(response, 200);
      expect(response.body).toEqual(
        expectedCredentialApplication({
          name: 'JSON Client',
          scopes: ['read', 'write'],
          redirectUris: ['https://client.example/callback', OOB_URI],
        }),
      );
    });
  });

  describe('with the parameters in the query string and no body (Ice Cubes)', () => {
    it('answers 200 with the application registered from the query', async () => {
      const response = await api.postQuery('/api/v1/apps', {
        client_name: 'IceCubesApp',
        redirect_uris: 'icecubesapp://',
        scopes: 'read write follow push',
        website: 'https://github.com/Dimillian/IceCubesApp',
      });

      expectJson(response, 200);
      expect(response.body).toEqual(
        expectedCredentialApplication({
          name: 'IceCubesApp',
          scopes: ['read', 'write', 'follow', 'push'],
          redirectUris: ['icecubesapp://'],
          website: 'https://github.com/Dimillian/IceCubesApp',
        }),
      );
    });
  });

  describe('with redirect_uris as a Rails array in a form', () => {
    it('keeps every URI in order', async () => {
      const response = await api.postForm<CredentialApplication>('/api/v1/apps', {
        client_name: 'Array Form',
        redirect_uris: ['https://a.example/cb', 'https://b.example/cb'],
      });

      expectJson(response, 200);
      expect(response.body.redirect_uris).toEqual(['https://a.example/cb', 'https://b.example/cb']);
      expect(response.body.redirect_uri).toBe('https://a.example/cb\nhttps://b.example/cb');
    });
  });

  describe('with redirect_uris as one space-separated string', () => {
    it('splits it into the registered URIs', async () => {
      const response = await api.postForm<CredentialApplication>('/api/v1/apps', {
        client_name: 'Spaced URIs',
        redirect_uris: `https://a.example/cb ${OOB_URI}`,
      });

      expectJson(response, 200);
      expect(response.body.redirect_uris).toEqual(['https://a.example/cb', OOB_URI]);
    });
  });

  describe('with custom-scheme redirect URIs (Ivory, Ice Cubes)', () => {
    it('accepts them as absolute URIs', async () => {
      const response = await api.postForm<CredentialApplication>('/api/v1/apps', {
        client_name: 'Ivory',
        redirect_uris: ['com.tapbots.Ivory.10217:/request_token', 'icecubesapp://'],
        scopes: 'read write follow push',
      });

      expectJson(response, 200);
      expect(response.body.redirect_uris).toEqual(['com.tapbots.Ivory.10217:/request_token', 'icecubesapp://']);
    });
  });

  describe('with every scope Mastodon knows, admin ones included', () => {
    it('registers them all', async () => {
      const scopes = 'read write follow push profile admin:read admin:write read:statuses write:statuses write:media';
      const response = await api.postForm<CredentialApplication>('/api/v1/apps', {
        client_name: 'Admin Client',
        redirect_uris: OOB_URI,
        scopes,
      });

      expectJson(response, 200);
      expect(response.body.scopes).toEqual(scopes.split(' '));
    });
  });

  describe('without scopes', () => {
    it('registers the default scope read', async () => {
      const response = await api.postForm<CredentialApplication>('/api/v1/apps', { client_name: 'No Scopes', redirect_uris: OOB_URI });

      expectJson(response, 200);
      expect(response.body.scopes).toEqual(['read']);
    });
  });

  describe('with a blank client_name', () => {
    it("answers 422 Validation failed: Application name can't be blank", async () => {
      const response = await api.postForm('/api/v1/apps', { client_name: '  ', redirect_uris: OOB_URI });

      expectError(response, 422, "Validation failed: Application name can't be blank");
    });
  });

  describe('without redirect_uris', () => {
    it("answers 422 Validation failed: Redirect URI can't be blank", async () => {
      const response = await api.postForm('/api/v1/apps', { client_name: 'No Redirect' });

      expectError(response, 422, "Validation failed: Redirect URI can't be blank");
    });
  });

  describe('with a relative redirect URI', () => {
    it('answers 422 Validation failed: Redirect URI must be an absolute URI.', async () => {
      const response = await api.postForm('/api/v1/apps', { client_name: 'Relative', redirect_uris: '/callback' });

      expectError(response, 422, 'Validation failed: Redirect URI must be an absolute URI.');
    });
  });

  describe('with a redirect URI carrying a fragment', () => {
    it('answers 422 Validation failed: Redirect URI cannot contain a fragment.', async () => {
      const response = await api.postForm('/api/v1/apps', { client_name: 'Fragment', redirect_uris: 'https://client.example/cb#frag' });

      expectError(response, 422, 'Validation failed: Redirect URI cannot contain a fragment.');
    });
  });

  describe('with a javascript: redirect URI', () => {
    it('answers 422 Validation failed: Redirect URI is forbidden by the server.', async () => {
      const response = await api.postForm('/api/v1/apps', { client_name: 'Script', redirect_uris: 'javascript:alert(1)' });

      expectError(response, 422, 'Validation failed: Redirect URI is forbidden by the server.');
    });
  });

  describe('with an unknown scope', () => {
    it("answers 422 Validation failed: Scopes doesn't match those configured on the server.", async () => {
      const response = await api.postForm('/api/v1/apps', { client_name: 'Bad Scope', redirect_uris: OOB_URI, scopes: 'read crypto' });

      expectError(response, 422, "Validation failed: Scopes doesn't match those configured on the server.");
    });
  });

  describe('with a website that is not a URL', () => {
    it('answers 422 Validation failed: Application website is not a valid URL', async () => {
      const response = await api.postForm('/api/v1/apps', { client_name: 'Bad Site', redirect_uris: OOB_URI, website: 'not a url' });

      expectError(response, 422, 'Validation failed: Application website is not a valid URL');
    });
  });

  describe('with a blank name and no redirect URI together', () => {
    it('answers 422 naming both problems in one message', async () => {
      const response = await api.postForm('/api/v1/apps', { client_name: '' });

      expectError(response, 422, "Validation failed: Application name can't be blank, Redirect URI can't be blank");
    });
  });
});

describe('GET /api/v1/apps/verify_credentials', () => {
  let app: CredentialApplication;

  beforeAll(async () => {
    app = await rig.registerApp('read write', { client_name: 'Verified Client', website: 'https://verified.example/' });
  });

  describe('with an app token', () => {
    it('answers 200 with the Application and no client credentials', async () => {
      const response = await api.get('/api/v1/apps/verify_credentials', { token: await rig.appToken(app, 'read') });

      expectJson(response, 200);
      expect(response.body).toEqual({
        id: app.id,
        name: 'Verified Client',
        website: 'https://verified.example/',
        scopes: ['read', 'write'],
        redirect_uris: [OOB_URI],
        redirect_uri: OOB_URI,
        vapid_key: app.vapid_key,
      });
    });
  });

  describe('with a user token', () => {
    it("answers 200 with the application the user's token was issued to", async () => {
      const user = await rig.newUser('appverify');

      const response = await api.get('/api/v1/apps/verify_credentials', { token: user.token });

      expectJson(response, 200);
      expect(response.body).toMatchObject({ id: user.app.id, name: user.app.name });
      expect(response.body).not.toHaveProperty('client_secret');
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.get('/api/v1/apps/verify_credentials'));
    });
  });

  describe('with an unknown token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.get('/api/v1/apps/verify_credentials', { token: 'not-a-real-token' }));
    });
  });
});
